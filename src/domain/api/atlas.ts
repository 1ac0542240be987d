import { array, type InferType, number, object, string } from 'yup';
import { messages } from '../messages';
import { TRACE_AGE_MAX_MS, TRACE_BATCH_MAX, TRACED_MACHINES, type TracedMachine } from '../trace';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';

/*
 * The machine atlas (analysts only) and the trace the visitor flows send it (../trace.ts).
 */

export {
  stateAndAncestors,
  TRACE_AGE_MAX_MS,
  TRACE_BATCH_MAX,
  TRACED_MACHINES,
  type TracedMachine,
} from '../trace';

/** An analyst's account name: lower-case letters, digits and . _ - (3 to 32). */
export const ANALYST_NAME = /^[a-z][a-z0-9._-]{2,31}$/;
/** Wrong passwords in a row before the account waits ANALYST_LOCK_MINUTES. */
export const ANALYST_LOCK_AFTER = 5;
export const ANALYST_LOCK_MINUTES = 15;
/** The shortest password analyst:add accepts. */
export const ANALYST_PASSWORD_MIN = 12;

const STATE = /^[A-Za-z0-9_$.|-]{1,200}$/;
const EVENT = /^[A-Za-z0-9_$.:-]{1,120}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pattern = (label: string, re: RegExp) =>
  string()
    .label(label)
    .required()
    .matches(re, { message: (p) => messages.format(labelOf(p)) });

/** Body of POST atlas/login. */
export const loginSchema = object({
  name: text('帳號')
    .required()
    .max(32, (p) => messages.maxLength(labelOf(p), 32)),
  password: string()
    .label('密碼')
    .required()
    .max(200, (p) => messages.maxLength(labelOf(p), 200)),
});
export type Login = InferType<typeof loginSchema>;

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

/** The analyst logged in, answered by atlas/login and atlas/me. */
export interface AnalystSession {
  name: string;
}

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
