import { array, type InferType, number, object, string } from 'yup';
import { messages } from '../messages';
import { TRACE_AGE_MAX_MS, TRACE_BATCH_MAX, TRACED_MACHINES, type TracedMachine } from '../trace';
// yup's default messages in Chinese before the schemas below are built (no field builder here brings them)
import '../validation/locale';
import { labelOf } from '../validation/params';
import { pageField, requiredDayField } from '../validation/query-fields';

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
  from: requiredDayField('起日'),
  to: requiredDayField('迄日'),
});
export type TrafficQuery = InferType<typeof trafficQuerySchema>;

/** Visitors a page of GET atlas/journeys lists. */
export const JOURNEYS_PAGE_SIZE = 20;
/** The most transitions GET atlas/journeys/:visitor answers: a journey's first ones. */
export const JOURNEY_TRANSITIONS_MAX = 2000;
/** An anonymous visitor as the traces store it (src/server/session-keys.ts: 16 hex digits of an HMAC). */
export const VISITOR_ID = /^[0-9a-f]{16}$/;

/**
 * Query of GET atlas/journeys: the visitors with traces in a period of Taipei days (both ends included),
 * only those who took a transition of `machine` in it when one is given, newest first, a page at a time.
 */
export const journeysQuerySchema = object({
  from: requiredDayField('起日'),
  to: requiredDayField('迄日'),
  machine: string()
    .label('流程')
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf([...TRACED_MACHINES], (p) => messages.format(labelOf(p))),
  page: pageField(),
});
export type JourneysQuery = InferType<typeof journeysQuerySchema>;

/** Path of GET atlas/journeys/:visitor. */
export const journeyParamsSchema = object({ visitor: pattern('訪客代號', VISITOR_ID) });

/** One visitor of the journeys list: what they did in the period, never who they are. */
export interface JourneyVisitor {
  /** the anonymous id the traces carry */
  visitor: string;
  /** the first and last transition in the period, ISO */
  firstAt: string;
  lastAt: string;
  /** transitions taken in the period */
  transitions: number;
  /** the machines those transitions were of, in the order first taken */
  machines: string[];
}

/** A page of GET atlas/journeys. */
export interface JourneysPage {
  from: string;
  to: string;
  machine: TracedMachine | null;
  page: number;
  pageSize: number;
  /** visitors in the period (under the machine given) */
  total: number;
  visitors: JourneyVisitor[];
}

/** One transition of a journey, as the visitor's flow sent it, with the time the server gave it. */
export interface JourneyTransition {
  at: string;
  machine: string;
  from: string;
  event: string;
  to: string;
}

/** GET atlas/journeys/:visitor: every transition of one visitor, across machines, in time order. */
export interface Journey {
  visitor: string;
  /** how many transitions the visitor has; `transitions` holds the first JOURNEY_TRANSITIONS_MAX */
  total: number;
  transitions: JourneyTransition[];
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
