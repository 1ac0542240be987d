import type { Kysely } from 'kysely';
import {
  type Journey,
  type JourneysPage,
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

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * The visitors with transitions in the period (with one of `machine` in it, when given), the latest last
 * transition first, a page of `pageSize`: each with the period's first and last time, its count and the
 * machines it touched in the order first taken. Only the anonymous id: nothing here names a session.
 */
export async function readJourneys(
  db: Kysely<Database>,
  query: { from: string; to: string; machine?: TracedMachine; page: number; pageSize: number },
  period: TrafficPeriod,
): Promise<JourneysPage> {
  const traces = () =>
    db.selectFrom('machine_traces').where('at', '>=', period.start).where('at', '<', period.end);
  const { machine } = query;
  const inPeriod = machine
    ? traces().where('visitor', 'in', traces().select('visitor').where('machine', '=', machine))
    : traces();

  const { total } = await inPeriod
    .select((eb) => eb.fn.count<string>('visitor').distinct().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await inPeriod
    .select((eb) => [
      'visitor',
      eb.fn.min<Date>('at').as('first_at'),
      eb.fn.max<Date>('at').as('last_at'),
      eb.fn.countAll<string>().as('transitions'),
    ])
    .groupBy('visitor')
    .orderBy('last_at', 'desc')
    .orderBy('visitor')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();

  const touched = new Map<string, string[]>(rows.map((row) => [row.visitor, []]));
  if (rows.length > 0) {
    const machines = await traces()
      .where(
        'visitor',
        'in',
        rows.map((row) => row.visitor),
      )
      .select((eb) => ['visitor', 'machine', eb.fn.min<Date>('at').as('first_at')])
      .groupBy(['visitor', 'machine'])
      .orderBy('first_at')
      .orderBy('machine')
      .execute();
    for (const row of machines) touched.get(row.visitor)?.push(row.machine);
  }

  return {
    from: query.from,
    to: query.to,
    machine: machine ?? null,
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total),
    visitors: rows.map((row) => ({
      visitor: row.visitor,
      firstAt: iso(row.first_at),
      lastAt: iso(row.last_at),
      transitions: Number(row.transitions),
      machines: touched.get(row.visitor) ?? [],
    })),
  };
}

/**
 * Every transition of one visitor, across machines, in the order taken (a batch's steps, which can share
 * a time, in the order sent): its first `max`, and how many there are. Undefined when it has none.
 */
export async function readJourney(
  db: Kysely<Database>,
  visitor: string,
  max: number,
): Promise<Journey | undefined> {
  const ofVisitor = db.selectFrom('machine_traces').where('visitor', '=', visitor);
  const rows = await ofVisitor
    .select(['at', 'machine', 'from_state', 'event', 'to_state'])
    .orderBy('at')
    .orderBy('id')
    .limit(max)
    .execute();
  if (rows.length === 0) return undefined;
  const total =
    rows.length < max
      ? rows.length
      : Number(
          (await ofVisitor.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
        );
  return {
    visitor,
    total,
    transitions: rows.map((row) => ({
      at: iso(row.at),
      machine: row.machine,
      from: row.from_state,
      event: row.event,
      to: row.to_state,
    })),
  };
}
