import type { Kysely } from 'kysely';
import {
  stateAndAncestors,
  type TracedMachine,
  type TraceStep,
  type Traffic,
} from '../../../domain/api/atlas';
import type { TrafficPeriod } from '../../atlas/traffic-period';
import type { Database } from '../schema';

/** A batch of one visitor's steps, each at the time it happened. */
export async function insertMachineTraces(
  db: Kysely<Database>,
  visitor: string,
  steps: ReadonlyArray<Omit<TraceStep, 'ago'> & { at: Date }>,
): Promise<void> {
  if (steps.length === 0) return;
  await db
    .insertInto('machine_traces')
    .values(
      steps.map((step) => ({
        machine: step.machine,
        from_state: step.from,
        event: step.event,
        to_state: step.to,
        at: step.at,
        visitor,
      })),
    )
    .execute();
}

/** What visitors did with `machine` in the period: distinct visitors overall, per transition, per state. */
export async function readTraffic(
  db: Kysely<Database>,
  query: { machine: TracedMachine; from: string; to: string },
  period: TrafficPeriod,
): Promise<Traffic> {
  const inPeriod = db
    .selectFrom('machine_traces')
    .where('machine', '=', query.machine)
    .where('at', '>=', period.start)
    .where('at', '<', period.end);

  const { visitors } = await inPeriod
    .select((eb) => eb.fn.count<string>('visitor').distinct().as('visitors'))
    .executeTakeFirstOrThrow();
  const transitions = await inPeriod
    .select((eb) => [
      'from_state',
      'event',
      'to_state',
      eb.fn.count<string>('visitor').distinct().as('visitors'),
      eb.fn.countAll<string>().as('times'),
    ])
    .groupBy(['from_state', 'event', 'to_state'])
    .orderBy('from_state')
    .orderBy('event')
    .orderBy('to_state')
    .execute();
  // A state's ancestors come from splitting its string, which SQL does awkwardly: the distinct
  // (visitor, state) pairs are few, and counted here.
  const visited = await inPeriod
    .select(['visitor', 'from_state as state'])
    .union(inPeriod.select(['visitor', 'to_state as state']))
    .execute();
  const byState = new Map<string, Set<string>>();
  for (const { visitor, state } of visited) {
    for (const name of stateAndAncestors(state)) {
      const seen = byState.get(name) ?? new Set<string>();
      seen.add(visitor);
      byState.set(name, seen);
    }
  }

  return {
    machine: query.machine,
    from: query.from,
    to: query.to,
    visitors: Number(visitors),
    transitions: transitions.map((row) => ({
      from: row.from_state,
      event: row.event,
      to: row.to_state,
      visitors: Number(row.visitors),
      times: Number(row.times),
    })),
    states: [...byState]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([state, seen]) => ({ state, visitors: seen.size })),
  };
}
