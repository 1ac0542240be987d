import {
  ANY_STATE_LABEL,
  FONT_SIZE,
  type LaidChoice,
  type LaidEdge,
  type LaidState,
  type Layout,
  labelLines,
  textWidth,
} from './layout';

/*
 * A laid-out machine as SVG. Colours and lines are presentation attributes, not CSS, so the same markup is
 * a self-contained file when exported (the atlas's buttons, npm run atlas:export).
 */

export interface DiagramMarks {
  /** states the simulation or a played path is in */
  activeStates?: ReadonlySet<string>;
  /** the transition just taken */
  activeEdges?: ReadonlySet<string>;
  /** transitions no generated path takes (or none that passed) */
  redEdges?: ReadonlySet<string>;
  /** visitors per state id and per edge id, for the traffic shading */
  stateCounts?: ReadonlyMap<string, number>;
  edgeCounts?: ReadonlyMap<string, number>;
}

const INK = '#334155';
const ACTIVE = '#0b5cad';
const RED = '#c62828';
const FONT = "'Noto Sans TC', 'Noto Sans CJK TC', sans-serif";

/** A share of the busiest as a warm fill: none is white, the busiest a deep amber. */
export function heat(share: number): string {
  const t = Math.max(0, Math.min(1, share));
  const mix = (from: number, to: number) => Math.round(from + (to - from) * t);
  return `rgb(${mix(255, 245)},${mix(255, 158)},${mix(255, 11)})`;
}

const path = (points: LaidEdge['points']) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

function StateBox({ laid, marks, most }: { laid: LaidState; marks: DiagramMarks; most: number }) {
  const { state } = laid;
  const active = marks.activeStates?.has(state.id) ?? false;
  const count = marks.stateCounts?.get(state.id);
  const compound = state.children.length > 0;
  const fill =
    count !== undefined
      ? heat(most > 0 ? count / most : 0)
      : active
        ? '#e0efff'
        : compound
          ? '#f8fafc'
          : '#ffffff';
  const title = count !== undefined ? `${state.key}（${count} 人）` : state.key;
  return (
    <g data-state={state.id} data-active={active || undefined}>
      <title>{state.description ? `${title}：${state.description}` : title}</title>
      <rect
        x={laid.x}
        y={laid.y}
        width={laid.width}
        height={laid.height}
        rx={compound ? 8 : 12}
        fill={fill}
        stroke={active ? ACTIVE : INK}
        strokeWidth={active ? 3 : 1.2}
        strokeDasharray={state.kind === 'parallel' ? '6 4' : undefined}
      />
      {state.kind === 'final' && (
        <rect
          x={laid.x + 3}
          y={laid.y + 3}
          width={laid.width - 6}
          height={laid.height - 6}
          rx={9}
          fill="none"
          stroke={INK}
        />
      )}
      {laid.lines.map((line, i) => (
        <text
          key={line}
          x={laid.x + 10}
          y={laid.y + 20 + i * 16}
          fontSize={FONT_SIZE}
          fontWeight={i === 0 ? 700 : 400}
          fill={i === 0 ? INK : '#64748b'}
        >
          {line}
          {i === 0 && count !== undefined ? `（${count}）` : ''}
        </text>
      ))}
    </g>
  );
}

interface Stroke {
  colour: string;
  width: number;
  dashed: boolean;
  bold: boolean;
  /** the arrowhead's marker, none for a trunk ending at its choice point */
  arrow?: string;
}

/** A line and its label, as a transition and a choice point's trunk draw them. */
function LabelledLine({
  points,
  label,
  box,
  stroke,
}: {
  points: LaidEdge['points'];
  label: string;
  box: LaidEdge['labelBox'];
  stroke: Stroke;
}) {
  const lines = labelLines(label);
  return (
    <>
      <path
        d={path(points)}
        fill="none"
        stroke={stroke.colour}
        strokeWidth={stroke.width}
        strokeDasharray={stroke.dashed ? '5 3' : undefined}
        markerEnd={stroke.arrow ? `url(#arrow-${stroke.arrow})` : undefined}
      />
      {box && (
        <>
          <rect
            x={box.x}
            y={box.y}
            width={Math.max(box.width, ...lines.map((line) => textWidth(line) + 6))}
            height={box.height}
            fill="#ffffff"
            opacity={0.9}
          />
          <text
            x={box.x + 3}
            y={box.y + 12}
            fontSize={FONT_SIZE}
            fill={stroke.colour}
            fontWeight={stroke.bold ? 700 : 400}
          >
            {lines.map((line, i) => (
              <tspan key={line} x={box.x + 3} dy={i === 0 ? 0 : 16}>
                {line}
              </tspan>
            ))}
          </text>
        </>
      )}
    </>
  );
}

/** How a line is drawn from its marks: taken just now, never taken by a passing path, its traffic. */
function strokeOf(active: boolean, red: boolean, count: number | undefined, most: number): Stroke {
  const colour = active ? ACTIVE : red ? RED : INK;
  const width = active ? 3 : count !== undefined && most > 0 ? 1 + (5 * count) / most : 1.2;
  return { colour, width, dashed: red, bold: active, arrow: active ? 'active' : red ? 'red' : 'ink' };
}

const withCount = (label: string, count: number | undefined) =>
  count !== undefined ? `${label}（${count}）` : label;

function EdgeLine({ edge, marks, most }: { edge: LaidEdge; marks: DiagramMarks; most: number }) {
  if (edge.points.length === 0) return null;
  const active = marks.activeEdges?.has(edge.id) ?? false;
  const red = marks.redEdges?.has(edge.id) ?? false;
  const count = marks.edgeCounts?.get(edge.id);
  return (
    <g
      data-edge={edge.initial ? undefined : edge.id}
      data-via={edge.via}
      data-active={active || undefined}
      data-red={red || undefined}
    >
      <LabelledLine
        points={edge.points}
        label={withCount(edge.label, count)}
        box={edge.labelBox}
        stroke={strokeOf(active, red, count, most)}
      />
    </g>
  );
}

/** A choice point's trunk carries each of its branches: taken when one is, red when all are, their traffic. */
function ChoiceMark({ choice, marks, most }: { choice: LaidChoice; marks: DiagramMarks; most: number }) {
  const active = choice.edgeIds.some((id) => marks.activeEdges?.has(id));
  const red = choice.edgeIds.every((id) => marks.redEdges?.has(id));
  const counts = choice.edgeIds.flatMap((id) => marks.edgeCounts?.get(id) ?? []);
  const count = marks.edgeCounts ? counts.reduce((sum, n) => sum + n, 0) : undefined;
  const stroke = { ...strokeOf(active, red, count, most) };
  delete stroke.arrow;
  const { x, y, width, height } = choice.box;
  return (
    <g data-choice={choice.id} data-active={active || undefined} data-red={red || undefined}>
      <LabelledLine
        points={choice.trunk.points}
        label={withCount(choice.trunk.label, count)}
        box={choice.trunk.labelBox}
        stroke={stroke}
      />
      <polygon
        points={`${x + width / 2},${y} ${x + width},${y + height / 2} ${x + width / 2},${y + height} ${x},${y + height / 2}`}
        fill="#ffffff"
        stroke={stroke.colour}
        strokeWidth={1.2}
      />
    </g>
  );
}

const Arrow = ({ id, colour }: { id: string; colour: string }) => (
  <marker
    id={`arrow-${id}`}
    viewBox="0 0 10 10"
    refX="9"
    refY="5"
    markerWidth="7"
    markerHeight="7"
    orient="auto-start-reverse"
  >
    <path d="M0,0 L10,5 L0,10 z" fill={colour} />
  </marker>
);

/** The diagram; `title` names it for screen readers and in the exported file. */
export function DiagramSvg({
  layout,
  title,
  marks = {},
  viewBox,
}: {
  layout: Layout;
  title: string;
  marks?: DiagramMarks;
  viewBox?: string;
}) {
  const mostState = Math.max(0, ...(marks.stateCounts?.values() ?? []));
  const mostEdge = Math.max(0, ...(marks.edgeCounts?.values() ?? []));
  const transitions = layout.graph.edges.length;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox ?? `0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="img"
      aria-label={`${title}狀態圖：${layout.states.length} 個狀態、${transitions} 個轉換`}
      fontFamily={FONT}
    >
      <title>{title}</title>
      <defs>
        <Arrow id="ink" colour={INK} />
        <Arrow id="active" colour={ACTIVE} />
        <Arrow id="red" colour={RED} />
      </defs>
      <rect x={0} y={0} width={layout.width} height={layout.height} fill="#ffffff" />
      {[...layout.states]
        .sort((a, b) => a.depth - b.depth)
        .map((laid) => (
          <StateBox key={laid.state.id} laid={laid} marks={marks} most={mostState} />
        ))}
      {layout.initialDots.map((dot) => (
        <circle
          key={`${dot.x},${dot.y}`}
          cx={dot.x + dot.width / 2}
          cy={dot.y + dot.height / 2}
          r={dot.width / 2}
          fill={INK}
        />
      ))}
      {layout.anyState && (
        <g data-any-state="true">
          <rect
            x={layout.anyState.x}
            y={layout.anyState.y}
            width={layout.anyState.width}
            height={layout.anyState.height}
            rx={12}
            fill="#ffffff"
            stroke={INK}
            strokeDasharray="3 3"
          />
          <text x={layout.anyState.x + 10} y={layout.anyState.y + 18} fontSize={FONT_SIZE} fill={INK}>
            {ANY_STATE_LABEL}
          </text>
        </g>
      )}
      {layout.choices.map((choice) => (
        <ChoiceMark key={choice.id} choice={choice} marks={marks} most={mostEdge} />
      ))}
      {layout.edges.map((edge) => (
        <EdgeLine key={edge.id} edge={edge} marks={marks} most={mostEdge} />
      ))}
    </svg>
  );
}
