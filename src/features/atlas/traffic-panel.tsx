import { useRouterState } from '@tanstack/react-router';
import type { Layout } from '../../../atlas-engine/layout';
import { funnel, trafficMarks } from '../../../atlas-engine/traffic-marks';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import type { Traffic } from '../../domain/api/atlas';
import { TRACED_MACHINES } from '../../domain/trace';
import { ApiFailure } from '../../lib/api-client';
import { AtlasLink, type Go, periodOf, type ViewParams } from './atlas-links';
import type { Read } from './atlas-reads';
import { DiagramViewer } from './diagram-viewer';
import { PeriodForm } from './period-form';

/**
 * Traffic: how many visitors reached each state and took each transition in a period, and the flow's funnel;
 * 查看訪客旅程 lists those visitors, each one's journey a link.
 */

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

export function TrafficPanel({
  entry,
  layout,
  params,
  go,
  traffic: read,
}: {
  entry: RegisteredMachine;
  layout: Layout;
  /** the period, as the address holds it */
  params: ViewParams;
  go: Go;
  /** the traffic of the machine and period, as the route read it */
  traffic: Read<Traffic> | undefined;
}) {
  const period = periodOf(params);
  const setPeriod = (next: { from: string; to: string }) => go(entry, 'traffic', next, { replace: true });
  // another period is being read: the one shown stays until it comes
  const loading = useRouterState({ select: (state) => state.status === 'pending' });
  const traffic = read?.value ?? null;
  const failure = read?.error
    ? read.error instanceof ApiFailure
      ? read.error.message
      : '無法讀取流量，請稍後再試'
    : '';

  const marks = traffic ? trafficMarks(layout.graph, traffic) : undefined;
  const steps = traffic ? funnel(layout.graph, traffic) : [];
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
          marks={marks ? { stateCounts: marks.stateCounts, edgeCounts: marks.edgeCounts } : {}}
          fileName={`${entry.id}-traffic-${period.from}-${period.to}`}
        />
      </div>
      <div className="atlas-side" aria-busy={loading}>
        <h2>期間內的訪客</h2>
        <p className="atlas-state" aria-live="polite" data-testid="traffic-visitors">
          {loading ? '讀取中…' : traffic ? `${traffic.visitors} 位訪客` : '—'}
        </p>
        {(TRACED_MACHINES as readonly string[]).includes(entry.id) && (
          <p>
            <AtlasLink
              entry={entry}
              view="journeys"
              params={{ from: period.from, to: period.to, flow: entry.id }}
              go={go}
            >
              查看訪客旅程
            </AtlasLink>
          </p>
        )}
        {marks && marks.unmatched > 0 && (
          <p className="atlas-note">有 {marks.unmatched} 筆紀錄對不上目前的狀態機（狀態機改版前的紀錄）。</p>
        )}
        <div className="table-scroll">
          <table className="atlas-table">
            <caption>各步驟的漏斗</caption>
            <thead>
              <tr>
                <th scope="col">狀態</th>
                <th scope="col">訪客</th>
                <th scope="col">較前一步</th>
                <th scope="col">較第一步</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.state}>
                  <th scope="row">{step.state}</th>
                  <td>{step.visitors}</td>
                  <td>{percent(step.kept)}</td>
                  <td>{percent(step.ofFirst)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {traffic && (
          <div className="table-scroll">
            <table className="atlas-table" data-testid="traffic-transitions">
              <caption>轉換次數</caption>
              <thead>
                <tr>
                  <th scope="col">起始狀態</th>
                  <th scope="col">事件</th>
                  <th scope="col">結束狀態</th>
                  <th scope="col">訪客</th>
                  <th scope="col">次數</th>
                </tr>
              </thead>
              <tbody>
                {traffic.transitions.map((row) => (
                  <tr key={`${row.from} ${row.event} ${row.to}`}>
                    <td>{row.from}</td>
                    <td>{row.event}</td>
                    <td>{row.to}</td>
                    <td>{row.visitors}</td>
                    <td>{row.times}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
