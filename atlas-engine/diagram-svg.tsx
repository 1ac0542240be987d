import type { ReactNode } from 'react';
import type { DiffMarks } from './diff-drawing';
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
import type { ChangeKind } from './machine-comparison';
import { STANDING_TEXT, STANDINGS, type Standing } from './traffic-vs-tests';

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
  /** what changed since another version of the machine (npm run atlas:diff): drawn in three styles, with a legend */
  diff?: DiffMarks;
  /** where traffic and tests disagree (traffic-vs-tests.ts): each edge's standing, in four styles */
  standings?: ReadonlyMap<string, Standing>;
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

/**
 * The diff's three styles, told apart by line and badge as well as colour: added a thick solid line, changed
 * a thick dashed one, removed a thin dotted one, faded (drawn from the old machine).
 */
export const DIFF_STYLE: Record<
  ChangeKind,
  { label: string; badge: string; colour: string; dash?: string; width: number }
> = {
  added: { label: '新增', badge: '新', colour: '#1b7f3b', width: 3 },
  changed: { label: '變更', badge: '變', colour: '#b45309', dash: '9 4', width: 3 },
  removed: { label: '移除', badge: '移', colour: '#64748b', dash: '2 3', width: 1.5 },
};

/**
 * The four standings of traffic against tests, told apart by line and badge as well as colour: the risk (taken,
 * not covered) a thick solid line, taken and covered a solid one, covered only dashed, neither thin dotted grey.
 */
export const STANDING_STYLE: Record<Standing, { colour: string; dash?: string; width: number }> = {
  risk: { colour: '#c62828', width: 4 },
  both: { colour: '#1b7f3b', width: 2.5 },
  tested: { colour: '#0b5cad', dash: '8 4', width: 2 },
  neither: { colour: '#64748b', dash: '2 3', width: 1.2 },
};

/** A standing's badge: a round mark with its character (險, 全, 測, 無), before a transition's label. */
export function StandingBadge({ standing, x, y }: { standing: Standing; x: number; y: number }) {
  const { colour } = STANDING_STYLE[standing];
  return (
    <g data-standing-badge={standing}>
      <circle cx={x} cy={y} r={9} fill="#ffffff" stroke={colour} strokeWidth={1.5} />
      <text x={x} y={y + 4} fontSize={FONT_SIZE} textAnchor="middle" fill={colour} fontWeight={700}>
        {STANDING_TEXT[standing].badge}
      </text>
    </g>
  );
}
/** A short line in a style with its badge, as a legend beside the diagram shows what the diagram draws. */
export function LineSample({
  line,
  badge,
  opacity,
}: {
  line: { colour: string; dash?: string; width: number };
  /** drawn at (-2, 10) */
  badge: ReactNode;
  opacity?: number;
}) {
  return (
    <svg width="72" height="20" viewBox="-12 0 84 20" aria-hidden="true" focusable="false" opacity={opacity}>
      {badge}
      <line
        x1={12}
        y1={10}
        x2={70}
        y2={10}
        stroke={line.colour}
        strokeWidth={line.width}
        strokeDasharray={line.dash}
      />
    </svg>
  );
}
export const REMOVED_OPACITY = 0.6;
const LEGEND_HEIGHT = 30;

/** A round badge with the change's first character, at a state's corner or before a label. */
export function DiffBadge({ kind, x, y }: { kind: ChangeKind; x: number; y: number }) {
  const style = DIFF_STYLE[kind];
  return (
    <g data-diff-badge={kind}>
      <circle cx={x} cy={y} r={9} fill="#ffffff" stroke={style.colour} strokeWidth={1.5} />
      <text x={x} y={y + 4} fontSize={FONT_SIZE} textAnchor="middle" fill={style.colour} fontWeight={700}>
        {style.badge}
      </text>
    </g>
  );
}

/** The diff's legend, below the diagram: what it is compared with, then the three styles. */
function DiffLegend({ y, against }: { y: number; against: string }) {
  const start = against ? textWidth(against) + 20 : 0;
  return (
    <g data-diff-legend="">
      {against && (
        <text x={10} y={y + 19} fontSize={FONT_SIZE} fill={INK}>
          {against}
        </text>
      )}
      {(['added', 'changed', 'removed'] as const).map((kind, i) => {
        const style = DIFF_STYLE[kind];
        const x = start + 10 + i * 130;
        return (
          <g key={kind} opacity={kind === 'removed' ? REMOVED_OPACITY : undefined}>
            <line
              x1={x}
              y1={y + 15}
              x2={x + 36}
              y2={y + 15}
              stroke={style.colour}
              strokeWidth={style.width}
              strokeDasharray={style.dash}
            />
            <DiffBadge kind={kind} x={x + 52} y={y + 15} />
            <text x={x + 66} y={y + 19} fontSize={FONT_SIZE} fill={INK}>
              {kind === 'removed' ? `${style.label}（舊版）` : style.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
/** How wide the legend is: a diagram narrower than it is widened. */
const legendWidth = (against: string) => (against ? textWidth(against) + 20 : 0) + 10 + 3 * 130;
const legendCaption = (against: string | undefined) => (against ? `與 ${against} 比較：` : '');

/** The whole drawing's size: the layout's, with a diff's legend below it. */
export function drawnSize(layout: Layout, diff?: DiffMarks): { width: number; height: number } {
  if (!diff) return { width: layout.width, height: layout.height };
  return {
    width: Math.max(layout.width, legendWidth(legendCaption(diff.against))),
    height: layout.height + LEGEND_HEIGHT,
  };
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
  const change = marks.diff?.states.get(state.id);
  const style = change ? DIFF_STYLE[change] : undefined;
  const note = marks.diff?.notes.get(state.id);
  const described = state.description ? `${title}：${state.description}` : title;
  return (
    <g
      data-state={state.id}
      data-active={active || undefined}
      data-diff={change}
      opacity={change === 'removed' ? REMOVED_OPACITY : undefined}
    >
      <title>{style ? `［${style.label}］${described}${note ? `（${note}）` : ''}` : described}</title>
      <rect
        x={laid.x}
        y={laid.y}
        width={laid.width}
        height={laid.height}
        rx={compound ? 8 : 12}
        fill={fill}
        stroke={style?.colour ?? (active ? ACTIVE : INK)}
        strokeWidth={style?.width ?? (active ? 3 : 1.2)}
        strokeDasharray={style ? style.dash : state.kind === 'parallel' ? '6 4' : undefined}
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
      {change && <DiffBadge kind={change} x={laid.x + laid.width} y={laid.y} />}
    </g>
  );
}

interface Stroke {
  colour: string;
  width: number;
  dash?: string;
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
        strokeDasharray={stroke.dash}
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

/** What a line shows beyond itself: taken just now, never taken by a passing path, its traffic. */
interface LineMarks {
  active: boolean;
  red: boolean;
  count: number | undefined;
  change?: ChangeKind;
  standing?: Standing;
}

/**
 * How a line is drawn from its marks. A change since another version wins; a standing keeps its line when
 * picked and only its colour turns to the highlight's.
 */
function strokeOf({ active, red, count, change, standing }: LineMarks, most: number): Stroke {
  if (change) {
    const style = DIFF_STYLE[change];
    return { colour: style.colour, width: style.width, dash: style.dash, bold: active, arrow: change };
  }
  const four = standing ? STANDING_STYLE[standing] : undefined;
  const colour = active ? ACTIVE : (four?.colour ?? (red ? RED : INK));
  const width = active
    ? Math.max(3, (four?.width ?? 0) + 1)
    : (four?.width ?? (count !== undefined && most > 0 ? 1 + (5 * count) / most : 1.2));
  const dash = four ? four.dash : red ? '5 3' : undefined;
  const arrow = active ? 'active' : (standing ?? (red ? 'red' : 'ink'));
  return { colour, width, dash, bold: active, arrow };
}

const withCount = (label: string, count: number | undefined) =>
  count !== undefined ? `${label}（${count}）` : label;

function EdgeLine({ edge, marks, most }: { edge: LaidEdge; marks: DiagramMarks; most: number }) {
  if (edge.points.length === 0) return null;
  const active = marks.activeEdges?.has(edge.id) ?? false;
  const red = marks.redEdges?.has(edge.id) ?? false;
  const count = marks.edgeCounts?.get(edge.id);
  const change = marks.diff?.edges.get(edge.id);
  const note = marks.diff?.notes.get(edge.id);
  const standing = marks.standings?.get(edge.id);
  const label = withCount(edge.label, count);
  const box = edge.labelBox;
  return (
    <g
      data-edge={edge.initial ? undefined : edge.id}
      data-via={edge.via}
      data-active={active || undefined}
      data-red={red || undefined}
      data-diff={change}
      data-standing={standing}
      opacity={change === 'removed' ? REMOVED_OPACITY : undefined}
    >
      {change && <title>{`［${DIFF_STYLE[change].label}］${note ?? edge.label}`}</title>}
      {standing && <title>{`［${STANDING_TEXT[standing].label}］${label}`}</title>}
      <LabelledLine
        points={edge.points}
        label={label}
        box={box}
        stroke={strokeOf({ active, red, count, change, standing }, most)}
      />
      {box && change && <DiffBadge kind={change} x={box.x - 10} y={box.y + box.height / 2} />}
      {box && standing && <StandingBadge standing={standing} x={box.x - 10} y={box.y + box.height / 2} />}
    </g>
  );
}

/** A choice point's trunk carries each of its branches: taken when one is, red when all are, their traffic. */
function ChoiceMark({ choice, marks, most }: { choice: LaidChoice; marks: DiagramMarks; most: number }) {
  const active = choice.edgeIds.some((id) => marks.activeEdges?.has(id));
  const red = choice.edgeIds.every((id) => marks.redEdges?.has(id));
  const counts = choice.edgeIds.flatMap((id) => marks.edgeCounts?.get(id) ?? []);
  const count = marks.edgeCounts ? counts.reduce((sum, n) => sum + n, 0) : undefined;
  const { arrow: _none, ...stroke } = strokeOf({ active, red, count }, most);
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
  const { diff } = marks;
  // a diff diagram has a legend below, and counts today's states (not those drawn as removed)
  const caption = legendCaption(diff?.against);
  const { width, height } = drawnSize(layout, diff);
  const states = diff
    ? layout.states.filter((laid) => diff.states.get(laid.state.id) !== 'removed').length
    : layout.states.length;
  const changes = diff
    ? (['added', 'changed', 'removed'] as const)
        .map((kind) => {
          const n = [...diff.states.values(), ...diff.edges.values()].filter((k) => k === kind).length;
          return `${DIFF_STYLE[kind].label} ${n}`;
        })
        .join('、')
    : '';
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox ?? `0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${title}狀態圖：${states} 個狀態、${transitions} 個轉換${diff ? `；${caption}${changes}` : ''}`}
      fontFamily={FONT}
    >
      <title>{title}</title>
      <defs>
        <Arrow id="ink" colour={INK} />
        <Arrow id="active" colour={ACTIVE} />
        <Arrow id="red" colour={RED} />
        {diff &&
          (['added', 'changed', 'removed'] as const).map((kind) => (
            <Arrow key={kind} id={kind} colour={DIFF_STYLE[kind].colour} />
          ))}
        {marks.standings &&
          STANDINGS.map((standing) => (
            <Arrow key={standing} id={standing} colour={STANDING_STYLE[standing].colour} />
          ))}
      </defs>
      <rect x={0} y={0} width={width} height={height} fill="#ffffff" />
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
      {diff && <DiffLegend y={layout.height} against={caption} />}
    </svg>
  );
}
