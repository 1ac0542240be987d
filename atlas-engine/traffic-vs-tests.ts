import type { AnyTransitionDefinition } from 'xstate';
import type { FlowPath } from '../machine-paths/paths';
import type { TestRuns, Traffic } from '../src/domain/api/atlas';
import { ANY_STATE_LABEL } from './layout';
import { type GraphEdge, graphStates, type MachineGraph } from './machine-graph';
import { levelsNotRun, transitionsPassed } from './test-coverage';
import { tracedEdge } from './traffic-marks';

/*
 * Where traffic and tests disagree (issue 37): each transition of a machine, for a period's traffic and the
 * last test report, is one of four standings. Taken means a visitor took it in the period (a traced step
 * counted on it, as 訪客流量 counts it); covered means a generated path that takes it passed on all three
 * levels (machine, jsdom, Chromium) of the report, as 測試路徑 decides (test-coverage.ts). Taken and not
 * covered is the risk list, and comes first.
 */

/** The four standings, in the order they are listed: the risk list first. */
export const STANDINGS = ['risk', 'both', 'tested', 'neither'] as const;
export type Standing = (typeof STANDINGS)[number];

/** Each standing's name, its badge on the diagram, its line in words and what it means. */
export const STANDING_TEXT: Record<
  Standing,
  { label: string; badge: string; line: string; meaning: string }
> = {
  risk: {
    label: '有流量、未涵蓋',
    badge: '險',
    line: '粗實線',
    meaning: '訪客走過，但沒有在機器、jsdom、Chromium 三層都通過的測試路徑走過（風險清單）',
  },
  both: {
    label: '有流量、已涵蓋',
    badge: '全',
    line: '實線',
    meaning: '訪客走過，也有三層都通過的測試路徑走過',
  },
  tested: {
    label: '已涵蓋、無流量',
    badge: '測',
    line: '虛線',
    meaning: '有三層都通過的測試路徑走過，但期間內沒有訪客走過',
  },
  neither: {
    label: '皆無',
    badge: '無',
    line: '細點線',
    meaning: '期間內沒有訪客走過，也沒有三層都通過的測試路徑走過',
  },
};

export function standingOf(taken: boolean, covered: boolean): Standing {
  if (taken) return covered ? 'both' : 'risk';
  return covered ? 'tested' : 'neither';
}

/** One drawn transition with its standing and its period's traffic. */
export interface EdgeStanding {
  edge: GraphEdge;
  standing: Standing;
  /** the source and target as the traces name states (`review.answered`); the root is 任一狀態 */
  from: string;
  to: string;
  /** visitors who took it in the period, and how many times it was taken */
  visitors: number;
  times: number;
  covered: boolean;
}

export interface TrafficVsTests {
  /** every drawn transition by standing, each group the most visitors first, then the order declared */
  groups: Record<Standing, EdgeStanding[]>;
  /** every edge's standing, by edge id (for the diagram) */
  standings: Map<string, Standing>;
  /** traced steps that match no transition of today's machine (traces from before a change) */
  unmatched: number;
  /** levels the report has no run of this machine on: nothing counts as covered then */
  levelsNotRun: string[];
}

/**
 * The four-way view of a machine. With no test report recorded nothing can be said about coverage, and the
 * answer is null: calling every transition uncovered would put every one the visitors took on the risk list.
 */
export function trafficVsTests(
  graph: MachineGraph,
  traffic: Traffic,
  paths: readonly FlowPath[],
  runs: TestRuns,
  machineId: string,
): TrafficVsTests | null {
  if (!runs.recordedAt) return null;
  const covered: ReadonlySet<AnyTransitionDefinition> = transitionsPassed(paths, runs, machineId);
  const counts = new Map(graph.edges.map((edge) => [edge.id, { visitors: 0, times: 0 }]));
  let unmatched = 0;
  for (const row of traffic.transitions) {
    const edge = tracedEdge(graph, row.from, row.event, row.to);
    const count = edge && counts.get(edge.id);
    if (!count) {
      unmatched += row.times;
      continue;
    }
    count.visitors += row.visitors;
    count.times += row.times;
  }
  const pathOf = new Map(graphStates(graph).map((s) => [s.id, s.path]));
  const name = (id: string) => pathOf.get(id) || ANY_STATE_LABEL;
  const groups = Object.fromEntries(STANDINGS.map((s) => [s, [] as EdgeStanding[]])) as Record<
    Standing,
    EdgeStanding[]
  >;
  const standings = new Map<string, Standing>();
  for (const edge of graph.edges) {
    const { visitors, times } = counts.get(edge.id)!;
    const isCovered = covered.has(edge.transition);
    const standing = standingOf(times > 0, isCovered);
    standings.set(edge.id, standing);
    groups[standing].push({
      edge,
      standing,
      from: name(edge.source),
      to: name(edge.target),
      visitors,
      times,
      covered: isCovered,
    });
  }
  // a stable sort: equal counts keep the order the machine declares them in
  for (const standing of STANDINGS)
    groups[standing].sort((a, b) => b.visitors - a.visitors || b.times - a.times);
  return { groups, standings, unmatched, levelsNotRun: levelsNotRun(runs, machineId) };
}
