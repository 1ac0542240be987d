import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { type DiagramMarks, DiagramSvg, drawnSize } from '../../../atlas-engine/diagram-svg';
import type { Layout } from '../../../atlas-engine/layout';

/*
 * The diagram with zoom, pan and fit, by buttons, by mouse (drag to pan) and by keyboard
 * on the focused diagram (arrows pan, + and - zoom, 0 fits), and its export as an SVG or a PNG file.
 */

interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

type Size = ReturnType<typeof drawnSize>;

const fitted = (size: Size): View => ({ x: 0, y: 0, ...size });

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
  const [exportError, setExportError] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  useEffect(() => setView(fitted(drawnSize(layout, diff))), [layout, diff]);

  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...v, x: v.x + dx * v.width, y: v.y + dy * v.height }));
  const zoom = (factor: number) => setView((v) => zoomed(v, factor));
  const fit = () => setView(fitted(size));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': fit,
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
        aria-label={`${title}狀態圖：方向鍵平移，+ 與 - 縮放，0 符合畫面`}
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
