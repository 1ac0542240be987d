import { type ReactNode, useEffect, useState } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import type { TestRuns } from '../../domain/api/atlas';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import { atlasApi } from './atlas-api';
import { DiagramViewer } from './diagram-viewer';
import { type Layout, layoutMachine } from './layout';
import { SimulatePanel } from './simulate-panel';
import { TestsPanel } from './tests-panel';
import { TrafficPanel } from './traffic-panel';
import './atlas.css';

/*
 * /groupins/atlas: every machine of machine-paths/registry.ts, drawn from its definition, to simulate, to play
 * its generated tests on and to see its visitors' traffic. Which machine and which view are in the address
 * (?machine=shopcart&view=tests), so a reload or a shared link opens the same.
 */

const VIEWS = { diagram: '狀態圖', simulate: '模擬', tests: '測試路徑', traffic: '訪客流量' } as const;
type View = keyof typeof VIEWS;

function readAddress(): { entry: RegisteredMachine; view: View } {
  const search = new URLSearchParams(window.location.search);
  const entry = machines.find((m) => m.id === search.get('machine')) ?? machines[0]!;
  const view = (Object.keys(VIEWS) as View[]).find((v) => v === search.get('view')) ?? 'diagram';
  return { entry, view };
}

const hrefOf = (entry: RegisteredMachine, view: View) =>
  staffHref('atlas', `?machine=${entry.id}&view=${view}`);

function useAddress() {
  const [address, setAddress] = useState(readAddress);
  useEffect(() => {
    const onPop = () => setAddress(readAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go = (entry: RegisteredMachine, view: View) => {
    window.history.pushState(null, '', hrefOf(entry, view));
    setAddress({ entry, view });
  };
  return { ...address, go };
}

function AtlasLink({
  entry,
  view,
  current,
  go,
  children,
}: {
  entry: RegisteredMachine;
  view: View;
  current: boolean;
  go: (entry: RegisteredMachine, view: View) => void;
  children: ReactNode;
}) {
  return (
    <a
      href={hrefOf(entry, view)}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        go(entry, view);
      }}
    >
      {children}
    </a>
  );
}

export function AtlasScreen() {
  const [runs, setRuns] = useState<TestRuns | null>(null);
  const [layout, setLayout] = useState<Layout | null>(null);
  const { entry, view, go } = useAddress();

  useEffect(() => {
    atlasApi
      .testRuns()
      .then(setRuns)
      .catch(() => setRuns({ recordedAt: null, levels: {} }));
  }, []);
  useEffect(() => {
    let current = true;
    setLayout(null);
    void layoutMachine(entry.machine).then((laid) => current && setLayout(laid));
    return () => {
      current = false;
    };
  }, [entry]);

  return (
    <div className="atlas">
      <h1>{STAFF_PAGES.atlas.title}</h1>
      <nav aria-label="狀態機" className="atlas-machines">
        <ul>
          {machines.map((m) => (
            <li key={m.id}>
              <AtlasLink entry={m} view={view} current={m === entry} go={go}>
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
                <AtlasLink entry={entry} view={v} current={v === view} go={go}>
                  {VIEWS[v]}
                </AtlasLink>
              </li>
            ))}
          </ul>
        </nav>
        {!layout ? (
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
            {view === 'traffic' && <TrafficPanel entry={entry} layout={layout} />}
          </>
        )}
      </section>
    </div>
  );
}
