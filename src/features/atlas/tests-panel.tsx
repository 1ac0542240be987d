import { useEffect, useMemo, useState } from 'react';
import type { Layout } from '../../../atlas-engine/layout';
import { eventLabel } from '../../../atlas-engine/machine-graph';
import { activeStateIds, edgesOf } from '../../../atlas-engine/simulation';
import { LEVEL_NAMES, type Result, resultsOf, transitionsPassed } from '../../../atlas-engine/test-coverage';
import { allTransitions, type FlowPath, flowPaths } from '../../../machine-paths/paths';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import type { TestRuns } from '../../domain/api/atlas';
import { stateString } from '../../domain/trace';
import type { Go, ViewParams } from './atlas-links';
import { DiagramViewer } from './diagram-viewer';

/*
 * Tests: the machine's generated paths (the same the model tests run), each playable on the diagram step by
 * step, with the last run's result per level; transitions that no path takes, or no path that passed on
 * every level of the last run, are red.
 */

const RESULT_TEXT: Record<Result, string> = { passed: '通過', failed: '未通過', unrun: '未執行' };

function PathPlayer({ path, layout, entry }: { path: FlowPath; layout: Layout; entry: RegisteredMachine }) {
  const [at, setAt] = useState(0);
  const step = path.steps[at]!;
  const taken = at === 0 ? [] : entry.machine.getTransitionData(path.steps[at - 1]!.state, step.event);
  const marks = {
    activeStates: activeStateIds(layout.graph, step.state.value),
    activeEdges: edgesOf(layout.graph, taken),
  };
  return (
    <div className="atlas-player">
      <DiagramViewer layout={layout} title={entry.title} marks={marks} fileName={`${entry.id}-path`} />
      <div className="atlas-actions">
        <button type="button" className="button" disabled={at === 0} onClick={() => setAt(0)}>
          第一步
        </button>
        <button type="button" className="button" disabled={at === 0} onClick={() => setAt(at - 1)}>
          上一步
        </button>
        <button
          type="button"
          className="button"
          disabled={at === path.steps.length - 1}
          onClick={() => setAt(at + 1)}
        >
          下一步
        </button>
        <button
          type="button"
          className="button"
          disabled={at === path.steps.length - 1}
          onClick={() => setAt(path.steps.length - 1)}
        >
          最後一步
        </button>
      </div>
      <p aria-live="polite" data-testid="played-step">
        第 {at + 1} / {path.steps.length} 步：{eventLabel(step.event.type)} → {stateString(step.state.value)}
      </p>
      <ol className="atlas-steps">
        {path.steps.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the path
          <li key={i} aria-current={i === at ? 'step' : undefined}>
            {eventLabel(s.event.type)} → {stateString(s.state.value)}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function TestsPanel({
  entry,
  layout,
  runs,
  params,
  go,
}: {
  entry: RegisteredMachine;
  layout: Layout;
  runs: TestRuns | null;
  /** the path played, as the address holds it: its place in the list, from 1 */
  params: ViewParams;
  go: Go;
}) {
  const [paths, setPaths] = useState<FlowPath[] | null>(null);
  const place = Number(params.path);
  const chosen = Number.isInteger(place) && place >= 1 ? place - 1 : null;
  const setChosen = (next: number | null) =>
    go(entry, 'tests', next === null ? {} : { path: String(next + 1) }, { replace: true });
  useEffect(() => {
    setPaths(null);
    // the largest machine takes a second or two: let the page say so first
    const timer = setTimeout(() => setPaths(flowPaths(entry)), 30);
    return () => clearTimeout(timer);
  }, [entry]);

  const red = useMemo(() => {
    if (!paths) return new Set<string>();
    // with no report yet, what a path takes at all
    const covered = runs?.recordedAt
      ? transitionsPassed(paths, runs, entry.id)
      : new Set(paths.flatMap((p) => p.transitions));
    return edgesOf(
      layout.graph,
      allTransitions(entry.machine).filter((t) => !covered.has(t)),
    );
  }, [paths, runs, entry, layout]);

  if (!paths) return <p className="atlas-note">正在由狀態機產生測試路徑…</p>;
  const path = chosen === null ? undefined : paths[chosen];
  return (
    <div className="atlas-split">
      <div>
        {path ? (
          <PathPlayer key={path.key} path={path} layout={layout} entry={entry} />
        ) : (
          <DiagramViewer
            layout={layout}
            title={entry.title}
            marks={{ redEdges: red }}
            fileName={`${entry.id}-tests`}
          />
        )}
      </div>
      <div className="atlas-side">
        <h2>測試路徑（{paths.length} 條）</h2>
        <p className="atlas-note" data-testid="uncovered">
          {red.size === 0
            ? '每個轉換都有路徑走過'
            : `紅色虛線：${red.size} 條轉換沒有${runs?.recordedAt ? '在上次測試各層都通過的' : ''}路徑走過`}
          {runs?.recordedAt
            ? `；上次測試紀錄 ${new Date(runs.recordedAt).toLocaleString('zh-TW', { timeZone: 'Asia/Taipei' })}`
            : '；尚無測試紀錄（執行 npm test、npm run test:e2e 後執行 npm run machines:coverage）'}
        </p>
        <ol className="atlas-paths" aria-label="測試路徑">
          {paths.map((p, i) => (
            <li key={p.key}>
              <button
                type="button"
                className="atlas-path-button"
                aria-pressed={chosen === i}
                onClick={() => setChosen(chosen === i ? null : i)}
              >
                {p.steps.length - 1} 步 ⇒ {stateString(p.steps.at(-1)!.state.value)}
              </button>
              <span className="atlas-results">
                {resultsOf(runs, entry.id, p).map(([level, result]) => (
                  <span key={level} className={`atlas-result ${result}`}>
                    {LEVEL_NAMES[level]} {RESULT_TEXT[result]}
                  </span>
                ))}
              </span>
              <small className="atlas-path-key">
                {p.steps
                  .slice(1)
                  .map((s) => eventLabel(s.event.type))
                  .join(' → ')}
              </small>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
