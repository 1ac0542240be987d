import { array, type InferType, number, object, string } from 'yup';
import { messages } from '../messages';
import { TRACE_AGE_MAX_MS, TRACE_BATCH_MAX, TRACED_MACHINES, type TracedMachine } from '../trace';
// yup's default messages in Chinese before the schemas below are built (no field builder here brings them)
import '../validation/locale';
import { labelOf } from '../validation/params';

/*
 * The machine atlas (staff with the analyst role) and the trace the visitor flows send it (../trace.ts).
 */

export {
  stateAndAncestors,
  TRACE_AGE_MAX_MS,
  TRACE_BATCH_MAX,
  TRACED_MACHINES,
  type TracedMachine,
} from '../trace';

const STATE = /^[A-Za-z0-9_$.|-]{1,200}$/;
const EVENT = /^[A-Za-z0-9_$.:-]{1,120}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pattern = (label: string, re: RegExp) =>
  string()
    .label(label)
    .required()
    .matches(re, { message: (p) => messages.format(labelOf(p)) });

/** One transition a visitor's flow took; `ago` is how many ms before the request it happened. */
export const traceStepSchema = object({
  machine: string()
    .label('流程')
    .required()
    .oneOf([...TRACED_MACHINES], (p) => messages.format(labelOf(p))),
  from: pattern('起始狀態', STATE),
  event: pattern('事件', EVENT),
  to: pattern('結束狀態', STATE),
  ago: number()
    .label('時間')
    .required()
    .integer((p) => messages.format(labelOf(p)))
    .min(0, (p) => messages.format(labelOf(p)))
    .max(TRACE_AGE_MAX_MS, (p) => messages.format(labelOf(p))),
});
export type TraceStep = InferType<typeof traceStepSchema>;

/** Body of POST trace/transitions. */
export const traceBatchSchema = object({
  steps: array(traceStepSchema)
    .label('狀態轉換')
    .required()
    .min(1, (p) => messages.format(labelOf(p)))
    .max(TRACE_BATCH_MAX, (p) => messages.format(labelOf(p))),
});
export type TraceBatch = InferType<typeof traceBatchSchema>;

/** Query of GET atlas/traffic: a machine and a period of Taipei days, both ends included. */
export const trafficQuerySchema = object({
  machine: string()
    .label('流程')
    .required()
    .oneOf([...TRACED_MACHINES], (p) => messages.format(labelOf(p))),
  from: pattern('起日', DAY),
  to: pattern('迄日', DAY),
});
export type TrafficQuery = InferType<typeof trafficQuerySchema>;

/** What visitors did with one machine in a period. */
export interface Traffic {
  machine: TracedMachine;
  from: string;
  to: string;
  /** distinct visitors (anonymous session ids) in the period */
  visitors: number;
  /** each (from, event, to) taken: by how many visitors, how many times */
  transitions: Array<{ from: string; event: string; to: string; visitors: number; times: number }>;
  /** each state and every ancestor of it (`step2`, `step2.editing`): how many visitors were in it */
  states: Array<{ state: string; visitors: number }>;
}

/** The last test runs per level: the keys of the generated paths that passed, per machine. */
export interface TestRuns {
  /** when `npm run machines:coverage` wrote the report, ISO; null when no report exists */
  recordedAt: string | null;
  levels: Record<string, Record<string, string[]>>;
}
