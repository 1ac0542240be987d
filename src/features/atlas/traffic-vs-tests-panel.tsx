import { useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LineSample, STANDING_STYLE, StandingBadge } from '../../../atlas-engine/diagram-svg';
import type { Layout } from '../../../atlas-engine/layout';
import { LEVEL_NAMES } from '../../../atlas-engine/test-coverage';
import {
  type EdgeStanding,
  STANDING_TEXT,
  STANDINGS,
  type Standing,
  trafficVsTests,
} from '../../../atlas-engine/traffic-vs-tests';
import { type FlowPath, flowPaths } from '../../../machine-paths/paths';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import type { TestRuns, Traffic } from '../../domain/api/atlas';
import { TRACED_MACHINES } from '../../domain/trace';
import { ApiFailure } from '../../lib/api-client';
import { type Go, periodOf, type ViewParams } from './atlas-links';
import type { Read } from './atlas-reads';
import { DiagramViewer } from './diagram-viewer';
import { PeriodForm } from './period-form';

/*
 * 流量與測試 (issue 37, question 2): for a period of Taipei days, each transition of the machine as taken by
 * visitors or not, and covered by generated paths that passed on all three levels of the last test report or
 * not, drawn in four styles with a legend and listed by standing, the risk list (taken, not covered) first.
 * The period is in the address (?machine=cart&view=coverage&from=2026-11-22&to=2026-11-28).
 */

const TEXT = {
  heading: '流量與測試',
  intro: (from: string, to: string) =>
    `${from} 至 ${to}（台北時間）訪客走過的轉換，對照上次測試紀錄中在機器、jsdom、Chromium 三層都通過的測試路徑。`,
  recorded: (at: string) => `上次測試紀錄：${at}`,
  noReport:
    '尚無測試紀錄，無法判斷哪些轉換已由測試涵蓋，因此不分組（執行 npm test、npm run test:e2e 後執行 npm run machines:coverage）。',
  levelsNotRun: (levels: string) => `上次測試紀錄中，此流程沒有 ${levels} 的結果，因此沒有轉換算作已涵蓋。`,
  notTraced: '此流程不記錄訪客流量（員工端的流程），無法對照。',
  unmatched: (n: number) => `有 ${n} 筆流量紀錄對不上目前的狀態機（狀態機改版前的紀錄），未列入。`,
  loading: '讀取中…',
  generating: '正在由狀態機產生測試路徑…',
  failure: '無法讀取流量，請稍後再試',
  legend: '圖例',
  legendHint: '點選圖例跳到該組清單；點選清單中的轉換即在狀態圖上標示。',
  legendItem: (label: string, line: string, count: number) => `${label}（${line}）：${count} 條`,
  group: (label: string, count: number) => `${label}：${count} 條`,
  risk: '風險清單',
  none: '沒有。',
  move: (from: string, label: string, to: string) => `${from} —${label}→ ${to}`,
  counts: (visitors: number, times: number) => `${visitors} 位訪客、${times} 次`,
  untaken: '無訪客',
  picked: (move: string) => `狀態圖上標示：${move}`,
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei' });

const moveOf = (e: EdgeStanding) => TEXT.move(e.from, e.edge.label, e.to);

export function TrafficVsTestsPanel({
  entry,
  layout,
  runs,
  params,
  go,
  traffic: read,
}: {
  entry: RegisteredMachine;
  layout: Layout;
  /** the last test report; null while it is read */
  runs: TestRuns | null;
  params: ViewParams;
  go: Go;
  /** the traffic of the machine and period, as the route read it (none for a machine not traced) */
  traffic: Read<Traffic> | undefined;
}) {
  const period = periodOf(params);
  const traced = (TRACED_MACHINES as readonly string[]).includes(entry.id);
  // another period is being read: the one shown stays until it comes
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  const traffic = (traced && read?.value) || null;
  const failure =
    traced && read?.error ? (read.error instanceof ApiFailure ? read.error.message : TEXT.failure) : '';
  const [paths, setPaths] = useState<FlowPath[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const groupHeadings = useRef<Partial<Record<Standing, HTMLHeadingElement | null>>>({});

  useEffect(() => {
    setPaths(null);
    setPicked(null);
    // the largest machine takes a second or two: let the page say so first
    const timer = setTimeout(() => setPaths(flowPaths(entry)), 30);
    return () => clearTimeout(timer);
  }, [entry]);

  const four = useMemo(
    () =>
      traffic && paths && runs ? trafficVsTests(layout.graph, traffic, paths, runs, entry.id) : undefined,
    [traffic, paths, runs, layout, entry],
  );
  const listed = four ? STANDINGS.flatMap((s) => four.groups[s]) : [];
  const pickedEdge = listed.find((e) => e.edge.id === picked);

  const setPeriod = (next: { from: string; to: string }) => go(entry, 'coverage', next, { replace: true });
  const marks = four
    ? {
        standings: four.standings,
        edgeCounts: new Map(listed.map((e) => [e.edge.id, e.visitors])),
        activeEdges: new Set(pickedEdge ? [pickedEdge.edge.id] : []),
      }
    : {};

  return (
    <div className="atlas-split">
      <div>
        <PeriodForm period={period} onChange={setPeriod} />
        {failure && (
          <p className="diagram-error" role="alert">
            {failure}
          </p>
        )}
        <DiagramViewer
          layout={layout}
          title={entry.title}
          marks={marks}
          fileName={`${entry.id}-coverage-${period.from}-${period.to}`}
        />
        <p className="atlas-note" aria-live="polite" data-testid="fourway-picked">
          {pickedEdge ? TEXT.picked(moveOf(pickedEdge)) : ''}
        </p>
      </div>
      <div className="atlas-side" aria-busy={loading || (traced && !paths)}>
        <h2>{TEXT.heading}</h2>
        <p className="atlas-note">{TEXT.intro(period.from, period.to)}</p>
        {!traced ? (
          <p className="atlas-note" data-testid="fourway-note">
            {TEXT.notTraced}
          </p>
        ) : !runs || !paths || (!traffic && !failure) ? (
          <p className="atlas-note" role="status">
            {paths ? TEXT.loading : TEXT.generating}
          </p>
        ) : !runs.recordedAt ? (
          <p className="atlas-note" data-testid="fourway-note">
            {TEXT.noReport}
          </p>
        ) : (
          four && (
            <>
              <p className="atlas-note">{TEXT.recorded(when(runs.recordedAt))}</p>
              {four.levelsNotRun.length > 0 && (
                <p className="atlas-note" data-testid="fourway-note">
                  {TEXT.levelsNotRun(four.levelsNotRun.map((level) => LEVEL_NAMES[level]).join('、'))}
                </p>
              )}
              {four.unmatched > 0 && <p className="atlas-note">{TEXT.unmatched(four.unmatched)}</p>}
              <h3 id="fourway-legend">{TEXT.legend}</h3>
              <p className="atlas-note">{TEXT.legendHint}</p>
              <ul className="atlas-legend" aria-labelledby="fourway-legend" data-testid="fourway-legend">
                {STANDINGS.map((standing) => (
                  <li key={standing}>
                    <button
                      type="button"
                      className="atlas-path-button"
                      onClick={() => groupHeadings.current[standing]?.focus()}
                    >
                      <LineSample
                        line={STANDING_STYLE[standing]}
                        badge={<StandingBadge standing={standing} x={-2} y={10} />}
                      />
                      {TEXT.legendItem(
                        STANDING_TEXT[standing].label,
                        STANDING_TEXT[standing].line,
                        four.groups[standing].length,
                      )}
                    </button>
                    <small className="atlas-path-key">{STANDING_TEXT[standing].meaning}</small>
                  </li>
                ))}
              </ul>
              {STANDINGS.map((standing) => (
                <section
                  key={standing}
                  aria-labelledby={`fourway-${standing}`}
                  data-testid={`fourway-${standing}`}
                >
                  <h3
                    id={`fourway-${standing}`}
                    tabIndex={-1}
                    ref={(node) => {
                      groupHeadings.current[standing] = node;
                    }}
                  >
                    {TEXT.group(STANDING_TEXT[standing].label, four.groups[standing].length)}
                    {standing === 'risk' && `（${TEXT.risk}）`}
                  </h3>
                  {four.groups[standing].length === 0 ? (
                    <p className="atlas-note">{TEXT.none}</p>
                  ) : (
                    <ol className="atlas-fourway">
                      {four.groups[standing].map((e) => (
                        <li key={e.edge.id} data-edge-standing={e.edge.id}>
                          <button
                            type="button"
                            className="atlas-path-button atlas-fourway-move"
                            aria-pressed={picked === e.edge.id}
                            onClick={() => setPicked(picked === e.edge.id ? null : e.edge.id)}
                          >
                            {moveOf(e)}
                          </button>
                          <span className="atlas-fourway-count">
                            {e.times > 0 ? TEXT.counts(e.visitors, e.times) : TEXT.untaken}
                          </span>
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
              ))}
            </>
          )
        )}
      </div>
    </div>
  );
}
