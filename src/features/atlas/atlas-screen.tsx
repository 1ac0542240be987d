import { useEffect, useState } from 'react';
import { type Layout, layoutMachine } from '../../../atlas-engine/layout';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import { STAFF_PAGES } from '../../domain/staff-pages';
import {
  AtlasLink,
  BUILD_VERSION,
  useAddress,
  useAtlasData,
  VIEWS,
  type View,
  type ViewParams,
} from './atlas-links';
import { DiagramViewer } from './diagram-viewer';
import { JourneysPanel } from './journeys-panel';
import { ChangeCount, ReleasePanel } from './release-panel';
import { SimulatePanel } from './simulate-panel';
import { TestsPanel } from './tests-panel';
import { TrafficPanel } from './traffic-panel';
import { TrafficVsTestsPanel } from './traffic-vs-tests-panel';
import './atlas.css';

export { readAtlas } from './atlas-reads';

/*
 * /groupins/atlas: every machine of machine-paths/registry.ts, drawn from its definition, to simulate, to play
 * its generated tests on, to see its visitors' traffic, and one visitor's journey across machines played on
 * the diagrams, and what changed since the release the build was made from. Which machine and which view are
 * in the address, the route's search (screens/staff/atlas.tsx), so Back, a reload or a shared link opens the
 * same; the route has read what the view shows.
 */

/** Each machine laid out once a page: a journey goes back and forth between a few. */
const layouts = new Map<RegisteredMachine, Promise<Layout>>();

/** Starts laying out the machine an address names while the route reads what its view shows. */
export function layOut(machine: string | undefined): void {
  void layoutOf(machines.find((m) => m.id === machine) ?? machines[0]!).catch(() => {});
}

function layoutOf(entry: RegisteredMachine): Promise<Layout> {
  let laid = layouts.get(entry);
  if (!laid) {
    laid = layoutMachine(entry.machine);
    layouts.set(entry, laid);
    laid.catch(() => layouts.delete(entry));
  }
  return laid;
}

const TEXT = {
  laying: '正在排版狀態圖…',
  counts: (states: number, transitions: number) => `${states} 個狀態、${transitions} 個轉換`,
  build: (version: string) => `版本 ${version}`,
  otherBuild: (linked: string, running: string) =>
    `此連結建立於版本 ${linked}，目前為版本 ${running}，圖可能已變更。`,
} as const;

/** The views that show a period of days: a link between them, or to another machine, keeps it. */
const PERIOD_VIEWS: readonly View[] = ['traffic', 'coverage'];

export function AtlasScreen() {
  const [laid, setLaid] = useState<{ entry: RegisteredMachine; layout: Layout } | null>(null);
  const { entry, view, params, build, go } = useAddress();
  const { runs = null, traffic, journeys, journey, since = null } = useAtlasData();
  // the layout of the machine shown, never the one before it while the next is laid out
  const layout = laid?.entry === entry ? laid.layout : null;

  useEffect(() => {
    let current = true;
    void layoutOf(entry).then((next) => current && setLaid({ entry, layout: next }));
    return () => {
      current = false;
    };
  }, [entry]);

  // in 訪客旅程 a machine's link keeps the list asked for, not the visitor shown; in a period's view the period
  const { visitor: _visitor, step: _step, ...listParams } = params;
  const period: ViewParams | undefined = PERIOD_VIEWS.includes(view)
    ? { from: params.from ?? '', to: params.to ?? '' }
    : undefined;
  return (
    <div className="atlas">
      <h1>{STAFF_PAGES.atlas.title}</h1>
      <p className="atlas-note" data-testid="build-version">
        {TEXT.build(BUILD_VERSION)}
      </p>
      {build && build !== BUILD_VERSION && (
        <p className="atlas-warning" role="status" data-testid="other-build">
          {TEXT.otherBuild(build, BUILD_VERSION)}
        </p>
      )}
      <nav aria-label="狀態機" className="atlas-machines">
        <ul>
          {machines.map((m) => (
            <li key={m.id}>
              <AtlasLink
                entry={m}
                view={view}
                params={view === 'journeys' ? listParams : period}
                aria-current={m === entry ? 'page' : undefined}
                go={go}
              >
                {m.title}
                <small>{m.id}</small>
                {view === 'release' && since && since !== 'failed' && <ChangeCount since={since} entry={m} />}
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
                <AtlasLink
                  entry={entry}
                  view={v}
                  params={PERIOD_VIEWS.includes(v) ? period : undefined}
                  aria-current={v === view ? 'page' : undefined}
                  go={go}
                >
                  {VIEWS[v]}
                </AtlasLink>
              </li>
            ))}
          </ul>
        </nav>
        {view === 'journeys' ? (
          <JourneysPanel
            entry={entry}
            layout={layout}
            params={params}
            go={go}
            list={journeys}
            journey={journey}
          />
        ) : !layout ? (
          <p className="atlas-note" role="status">
            {TEXT.laying}
          </p>
        ) : (
          <>
            <p className="atlas-note" data-testid="drawn-counts">
              {TEXT.counts(layout.states.length, layout.graph.edges.length)}
            </p>
            {view === 'diagram' && <DiagramViewer layout={layout} title={entry.title} fileName={entry.id} />}
            {view === 'simulate' && <SimulatePanel key={entry.id} entry={entry} layout={layout} />}
            {view === 'tests' && (
              <TestsPanel entry={entry} layout={layout} runs={runs} params={params} go={go} />
            )}
            {view === 'traffic' && (
              <TrafficPanel entry={entry} layout={layout} params={params} go={go} traffic={traffic} />
            )}
            {view === 'coverage' && (
              <TrafficVsTestsPanel
                entry={entry}
                layout={layout}
                runs={runs}
                params={params}
                go={go}
                traffic={traffic}
              />
            )}
            {view === 'release' && <ReleasePanel entry={entry} layout={layout} since={since} />}
          </>
        )}
      </section>
    </div>
  );
}
