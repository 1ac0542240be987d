import { type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef, useState } from 'react';
import { type DiagramMarks, DiagramSvg, drawnSize } from '../../../atlas-engine/diagram-svg';
import { FONT_SIZE, type Layout } from '../../../atlas-engine/layout';

/*
 * The diagram with zoom, pan and fit, by buttons, by mouse (drag to pan) and by keyboard
 * on the focused diagram (arrows pan, + and - zoom, 0 back to the view it opened at, as Ctrl+0 is a
 * browser's own zoom), and its export as an SVG or a PNG file.
 * It opens as tall as the rest of the window, the drawing from its top: fitted when its labels are then
 * at least 11 px, else at its own size on the state of interest (the one marked active, or where the
 * machine starts), so a large machine opens readable rather than shrunk.
 */

interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Size = ReturnType<typeof drawnSize>;

/** The smallest a label may open at on the screen, in CSS pixels. */
const READABLE_PX = 11;
/** The frame's height: the rest of the window below it, within these. */
const FRAME_MIN = 280;
const FRAME_MAX = 760;

/** The whole drawing in a frame of this size: as the frame is shaped, any room left below or at the sides. */
function fitted(size: Size, frame: Size = size): View {
  const scale = Math.min(frame.width / size.width, frame.height / size.height);
  const width = frame.width / scale;
  const height = frame.height / scale;
  return { x: (size.width - width) / 2, y: 0, width, height };
}

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

/** The view a diagram opens at in its frame: fitted when readable so, else at its own size around `focus`. */
function opening(size: Size, frame: Size, focus: { x: number; y: number }): View {
  const scale = Math.min(frame.width / size.width, frame.height / size.height);
  if (scale * FONT_SIZE >= READABLE_PX) return fitted(size, frame);
  const { width, height } = frame;
  return {
    x: clamp(focus.x - width / 2, 0, size.width - width),
    y: clamp(focus.y - height / 3, 0, size.height - height),
    width,
    height,
  };
}

/** Where the eye goes first: the deepest state marked active, else where the machine starts. */
function focusOf(layout: Layout, marks?: DiagramMarks): { x: number; y: number } {
  const active = layout.states
    .filter((laid) => marks?.activeStates?.has(laid.state.id))
    .sort((a, b) => b.depth - a.depth)[0];
  if (active) return { x: active.x + active.width / 2, y: active.y + active.height / 2 };
  return layout.edges.find((edge) => edge.initial)?.points.at(-1) ?? { x: 0, y: 0 };
}

function zoomed(view: View, factor: number): View {
  const width = view.width / factor;
  const height = view.height / factor;
  return { x: view.x + (view.width - width) / 2, y: view.y + (view.height - height) / 2, width, height };
}

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The whole diagram as a file: the drawn markup with its full view box, whatever the zoom. */
function svgText(svg: SVGSVGElement, size: Size): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
  copy.setAttribute('width', String(size.width));
  copy.setAttribute('height', String(size.height));
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

async function pngOf(text: string, size: Size): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size.width * 2;
  canvas.height = size.height * 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.scale(2, 2);
  context.drawImage(image, 0, 0);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png'),
  );
}

export function DiagramViewer({
  layout,
  title,
  marks,
  fileName,
}: {
  layout: Layout;
  title: string;
  marks?: DiagramMarks;
  fileName: string;
}) {
  // a diff's legend, below the diagram, is part of the picture fitted and exported
  const diff = marks?.diff;
  const size = drawnSize(layout, diff);
  const [view, setView] = useState<View>(() => fitted(size));
  const [frameSize, setFrameSize] = useState<Size | null>(null);
  const [exportError, setExportError] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);
  const opened = useRef<View>(view);

  // the frame as tall as the window's rest below it, measured before the first paint and on a resize
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      // a frame not laid out (a test's DOM) has no size to fit to: the drawing is shown whole
      if (box.width === 0) return;
      const below = window.innerHeight - (box.top + window.scrollY) - 16;
      const height = Math.round(clamp(below, FRAME_MIN, FRAME_MAX));
      element.style.height = `${height}px`;
      setFrameSize((was) =>
        was && was.width === box.width && was.height === height ? was : { width: box.width, height },
      );
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // a new drawing (or a new frame) opens readable, on the state of interest
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks at that moment, not on each step
  useLayoutEffect(() => {
    const drawn = drawnSize(layout, diff);
    opened.current = frameSize ? opening(drawn, frameSize, focusOf(layout, marks)) : fitted(drawn);
    setView(opened.current);
  }, [layout, diff, frameSize]);

  // a step played elsewhere (a path, a journey) outside the view: the view moves to it, at the same zoom
  const focus = focusOf(layout, marks);
  useLayoutEffect(() => {
    setView((v) =>
      focus.x < v.x || focus.x > v.x + v.width || focus.y < v.y || focus.y > v.y + v.height
        ? { ...v, x: focus.x - v.width / 2, y: focus.y - v.height / 3 }
        : v,
    );
  }, [focus.x, focus.y]);

  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...v, x: v.x + dx * v.width, y: v.y + dy * v.height }));
  const zoom = (factor: number) => setView((v) => zoomed(v, factor));
  const fit = () => setView(fitted(size, frameSize ?? size));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': () => setView(opened.current),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY, view };
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    const box = frame.current?.getBoundingClientRect();
    if (!start || !box || box.width === 0) return;
    const scale = Math.max(start.view.width / box.width, start.view.height / box.height);
    setView({
      ...start.view,
      x: start.view.x - (event.clientX - start.x) * scale,
      y: start.view.y - (event.clientY - start.y) * scale,
    });
  };
  const exportAs = async (kind: 'svg' | 'png') => {
    const svg = frame.current?.querySelector('svg');
    if (!svg) return;
    setExportError('');
    try {
      const text = svgText(svg, size);
      download(
        `${fileName}.${kind}`,
        kind === 'svg' ? new Blob([text], { type: 'image/svg+xml' }) : await pngOf(text, size),
      );
    } catch {
      setExportError('無法匯出圖檔，請改用 SVG 匯出或換一個瀏覽器再試一次。');
    }
  };

  return (
    <div className="diagram">
      <div className="diagram-tools" role="toolbar" aria-label="狀態圖工具">
        <button type="button" className="button" onClick={() => zoom(1.25)}>
          放大
        </button>
        <button type="button" className="button" onClick={() => zoom(0.8)}>
          縮小
        </button>
        <button type="button" className="button" onClick={fit}>
          符合畫面
        </button>
        <button type="button" className="button" onClick={() => void exportAs('svg')}>
          匯出 SVG
        </button>
        <button type="button" className="button" onClick={() => void exportAs('png')}>
          匯出 PNG
        </button>
      </div>
      {exportError && (
        <p className="diagram-error" role="alert">
          {exportError}
        </p>
      )}
      <div
        ref={frame}
        className="diagram-frame"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused diagram pans and zooms by keyboard
        tabIndex={0}
        role="application"
        aria-label={`${title}狀態圖：方向鍵平移，+ 與 - 縮放，0 回到初始檢視`}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
      >
        <DiagramSvg
          layout={layout}
          title={title}
          marks={marks ?? {}}
          viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        />
      </div>
    </div>
  );
}
