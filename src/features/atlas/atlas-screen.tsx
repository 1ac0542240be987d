import { useEffect, useState } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import type { TestRuns } from '../../domain/api/atlas';
import { STAFF_PAGES } from '../../domain/staff-pages';
import { AtlasLink, useAddress, VIEWS, type View } from './atlas-address';
import { atlasApi } from './atlas-api';
import { DiagramViewer } from './diagram-viewer';
import { JourneysPanel } from './journeys-panel';
import { type Layout, layoutMachine } from './layout';
import { SimulatePanel } from './simulate-panel';
import { TestsPanel } from './tests-panel';
import { TrafficPanel } from './traffic-panel';
import { TrafficVsTestsPanel } from './traffic-vs-tests-panel';
import './atlas.css';

/*
 * /groupins/atlas: every machine of machine-paths/registry.ts, drawn from its definition, to simulate, to play
 * its generated tests on, to see its visitors' traffic, and one visitor's journey across machines played on
 * the diagrams. Which machine and which view are in the address (atlas-address.tsx), so a reload or a shared
 * link opens the same.
 */

/** Each machine laid out once a page: a journey goes back and forth between a few. */
const layouts = new Map<RegisteredMachine, Promise<Layout>>();
function layoutOf(entry: RegisteredMachine): Promise<Layout> {
  let laid = layouts.get(entry);
  if (!laid) {
    laid = layoutMachine(entry.machine);
    layouts.set(entry, laid);
    laid.catch(() => layouts.delete(entry));
  }
  return laid;
}

export function AtlasScreen() {
  const [runs, setRuns] = useState<TestRuns | null>(null);
  const [laid, setLaid] = useState<{ entry: RegisteredMachine; layout: Layout } | null>(null);
  const { entry, view, params, go } = useAddress();
  // the layout of the machine shown, never the one before it while the next is laid out
  const layout = laid?.entry === entry ? laid.layout : null;

  useEffect(() => {
    atlasApi
      .testRuns()
      .then(setRuns)
      .catch(() => setRuns({ recordedAt: null, levels: {} }));
  }, []);
  useEffect(() => {
    let current = true;
    void layoutOf(entry).then((next) => current && setLaid({ entry, layout: next }));
    return () => {
      current = false;
    };
  }, [entry]);

  // in 訪客旅程 a machine's link keeps the list asked for, not the visitor shown; in 流量與測試 the period
  const { visitor: _visitor, step: _step, ...listParams } = params;
  return (
    <div className="atlas">
      <h1>{STAFF_PAGES.atlas.title}</h1>
      <nav aria-label="狀態機" className="atlas-machines">
        <ul>
          {machines.map((m) => (
            <li key={m.id}>
              <AtlasLink
                entry={m}
                view={view}
                params={view === 'journeys' ? listParams : view === 'coverage' ? params : undefined}
                aria-current={m === entry ? 'page' : undefined}
                go={go}
              >
                {m.title}
                <small>{m.id}</small>
              </AtlasLink>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="atlas-machine">
        <h2 id="atlas-machine">
          {entry.title}（{entry.id}）
        </h2>
        <nav aria-label="檢視" className="atlas-views">
          <ul>
            {(Object.keys(VIEWS) as View[]).map((v) => (
              <li key={v}>
                <AtlasLink entry={entry} view={v} aria-current={v === view ? 'page' : undefined} go={go}>
                  {VIEWS[v]}
                </AtlasLink>
              </li>
            ))}
          </ul>
        </nav>
        {view === 'journeys' ? (
          <JourneysPanel entry={entry} layout={layout} params={params} go={go} />
        ) : !layout ? (
          <p className="atlas-note" role="status">
            正在排版狀態圖…
          </p>
        ) : (
          <>
            <p className="atlas-note" data-testid="drawn-counts">
              {layout.states.length} 個狀態、{layout.graph.edges.length} 個轉換
            </p>
            {view === 'diagram' && <DiagramViewer layout={layout} title={entry.title} fileName={entry.id} />}
            {view === 'simulate' && <SimulatePanel key={entry.id} entry={entry} layout={layout} />}
            {view === 'tests' && <TestsPanel entry={entry} layout={layout} runs={runs} />}
            {view === 'traffic' && <TrafficPanel entry={entry} layout={layout} go={go} />}
            {view === 'coverage' && (
              <TrafficVsTestsPanel entry={entry} layout={layout} runs={runs} params={params} go={go} />
            )}
          </>
        )}
      </section>
    </div>
  );
}
