import { useMemo, useState } from 'react';
import type { Layout } from '../../../atlas-engine/layout';
import { eventLabel } from '../../../atlas-engine/machine-graph';
import {
  activeStateIds,
  edgesOf,
  payloadSummary,
  possibleEvents,
  type SimulationStep,
  simulate,
  startSimulation,
} from '../../../atlas-engine/simulation';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import { stateString } from '../../domain/trace';
import { ContextTable } from './context-table';
import { DiagramViewer } from './diagram-viewer';

/** Simulate: the current state on the diagram, the events it takes as buttons, the steps with undo and reset. */
export function SimulatePanel({ entry, layout }: { entry: RegisteredMachine; layout: Layout }) {
  const start = useMemo(() => startSimulation(entry), [entry]);
  const [steps, setSteps] = useState<SimulationStep[]>([]);
  const current = steps.at(-1)?.snapshot ?? start;
  const options = possibleEvents(entry, current);
  const marks = {
    activeStates: activeStateIds(layout.graph, current.value),
    activeEdges: edgesOf(layout.graph, steps.at(-1)?.taken ?? []),
  };
  return (
    <div className="atlas-split">
      <DiagramViewer layout={layout} title={entry.title} marks={marks} fileName={`${entry.id}-simulation`} />
      <div className="atlas-side">
        <h2>目前狀態</h2>
        <p className="atlas-state" aria-live="polite" data-testid="simulated-state">
          {stateString(current.value)}
          {current.status === 'done' ? '（流程已結束）' : ''}
        </p>
        <h2>可送出的事件</h2>
        {options.length === 0 ? (
          <p className="atlas-note">此狀態不接受任何事件。</p>
        ) : (
          <ul className="atlas-events">
            {options.map(({ event, taken }) => (
              <li key={JSON.stringify(event)}>
                <button
                  type="button"
                  className="button"
                  disabled={taken.length === 0}
                  title={JSON.stringify(event)}
                  onClick={() => setSteps([...steps, simulate(entry, current, event)])}
                >
                  {eventLabel(event.type)}
                  {payloadSummary(event) && <small className="atlas-payload">{payloadSummary(event)}</small>}
                </button>
                {taken.length === 0 && <span className="atlas-note">條件不成立，不會轉換</span>}
              </li>
            ))}
          </ul>
        )}
        <div className="atlas-actions">
          <button
            type="button"
            className="button"
            disabled={steps.length === 0}
            onClick={() => setSteps(steps.slice(0, -1))}
          >
            復原上一步
          </button>
          <button type="button" className="button" disabled={steps.length === 0} onClick={() => setSteps([])}>
            重新開始
          </button>
        </div>
        <h2>步驟紀錄</h2>
        {steps.length === 0 ? (
          <p className="atlas-note">尚未送出事件；流程在初始狀態 {stateString(start.value)}。</p>
        ) : (
          <ol className="atlas-steps">
            {steps.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the history
              <li key={i}>
                {eventLabel(step.event.type)} → {stateString(step.snapshot.value)}
              </li>
            ))}
          </ol>
        )}
        <ContextTable context={current.context} />
      </div>
    </div>
  );
}
