import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import { getStateNodes, type StatePath, TestModel, type TestPath } from 'xstate/graph';
import type { RegisteredMachine } from '../../machines/registry';

type Snapshot = AnyMachineSnapshot;
type Step = StatePath<Snapshot, EventObject>['steps'][number];

/**
 * createTestModel() refuses machines that invoke or wait ("Invocations on test machines are not
 * supported"); TestModel itself does not. This builds one with createTestModel's defaults: every event the
 * active states handle, with the registry's payload cases where given, and one vertex per transition.
 */
export function createFlowModel(entry: RegisteredMachine): TestModel<Snapshot, EventObject, unknown> {
  const { machine, events: cases } = entry;
  return new TestModel<Snapshot, EventObject, unknown>(machine, {
    ...(entry.input === undefined ? {} : { input: entry.input }),
    events: (state) =>
      __unsafe_getAllOwnEventDescriptors(state).flatMap((type) => {
        const matching = cases.filter((c) => c.type === type);
        return (matching.length > 0 ? matching : [{ type }]) as EventObject[];
      }),
    serializeState: (state, event, previous) => {
      const context = entry.serializeContext ? entry.serializeContext(state.context as never) : state.context;
      const base = JSON.stringify({ value: state.value, context });
      const sameValue = previous && JSON.stringify(previous.value) === JSON.stringify(state.value);
      return !event || sameValue
        ? base
        : `${base} via ${JSON.stringify(event)} from ${JSON.stringify(previous?.value)}`;
    },
    stateMatcher: (state, key) =>
      key.startsWith('#')
        ? (state as unknown as { _nodes: unknown[] })._nodes.includes(machine.getStateNodeById(key))
        : state.matches(key),
  });
}

/** The shortest paths of a registered machine, one per reachable transition. */
export function flowPaths(entry: RegisteredMachine): TestPath<Snapshot, EventObject>[] {
  return createFlowModel(entry).getShortestPaths();
}

/**
 * The fewest shortest paths that still take every transition (greedy set cover): what the slower runs
 * (rendered app, browser) replay, while the machine alone replays them all. `without` leaves out paths
 * with events no screen can send yet (the browser cannot send what has no button).
 */
export function coveringPaths(
  entry: RegisteredMachine,
  options: { without?: readonly string[] } = {},
): TestPath<Snapshot, EventObject>[] {
  const skip = new Set(options.without ?? []);
  const paths = flowPaths(entry).filter((p) => !p.steps.some((step) => skip.has(step.event.type)));
  const taken = paths.map((p) => coveredTransitions(entry.machine, [p]));
  const missing = new Set(taken.flatMap((set) => [...set]));
  const gain = (i: number) => [...(taken[i] ?? [])].filter((t) => missing.has(t)).length;
  const chosen: TestPath<Snapshot, EventObject>[] = [];
  while (missing.size > 0) {
    let best = 0;
    for (let i = 1; i < taken.length; i++) if (gain(i) > gain(best)) best = i;
    for (const t of taken[best] ?? []) missing.delete(t);
    chosen.push(paths[best]!);
  }
  return chosen;
}

/** Every transition declared in the machine: on, after, invoke onDone and onError. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...node.transitions.values()].flat(),
  );
}

/** The transitions taken along the given paths (identity-stable definitions of the machine). */
export function coveredTransitions(
  machine: AnyStateMachine,
  paths: ReadonlyArray<StatePath<Snapshot, EventObject>>,
): Set<AnyTransitionDefinition> {
  const covered = new Set<AnyTransitionDefinition>();
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      const before = path.steps[i - 1] as Step;
      const step = path.steps[i] as Step;
      for (const t of machine.getTransitionData(before.state, step.event)) covered.add(t);
    }
  }
  return covered;
}

/** A readable name for a transition: `source --event [guard]--> target`. */
export function describeTransition(t: AnyTransitionDefinition): string {
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const targets = t.target?.map((n) => n.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

export interface CoverageReport {
  id: string;
  states: number;
  transitions: number;
  covered: number;
  paths: number;
  uncovered: string[];
}

export function coverageOf(entry: RegisteredMachine): CoverageReport {
  const paths = flowPaths(entry);
  const all = allTransitions(entry.machine);
  const covered = coveredTransitions(entry.machine, paths);
  return {
    id: entry.id,
    states: getStateNodes(entry.machine.root).length,
    transitions: all.length,
    covered: all.filter((t) => covered.has(t)).length,
    paths: paths.length,
    uncovered: all.filter((t) => !covered.has(t)).map(describeTransition),
  };
}

/** Runs each step of a path with the step after it in view (an executor may need to prepare for it). */
export async function replaySteps(
  path: StatePath<Snapshot, EventObject>,
  run: (step: Step, next: Step | undefined) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < path.steps.length; i++)
    await run(path.steps[i] as Step, path.steps[i + 1] as Step | undefined);
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/**
 * Promise actors held open until a path's done/error step settles them (invoke id = src name), and a
 * simulated clock for delays, so a path replays on a live actor exactly as generated.
 */
export function deferredActors(machine: AnyStateMachine) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise(() => new Promise((resolve, reject) => pending.set(src, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  return {
    logic: machine.provide({ actors }),
    clock,
    /** settles an invoke or advances the clock when `event` is one of xstate's own; false otherwise */
    settle(
      event: EventObject & { output?: unknown; error?: unknown },
      context: unknown = undefined,
    ): boolean {
      if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
        const done = event.type.startsWith(DONE);
        const id = event.type.slice((done ? DONE : ERROR).length);
        const waiting = pending.get(id);
        if (!waiting) throw new Error(`no invoke of ${id} is waiting`);
        pending.delete(id);
        if (done) waiting.resolve(event.output);
        else waiting.reject(event.error);
        return true;
      }
      if (event.type.startsWith(AFTER)) {
        clock.increment(delayOf(machine, event.type, context));
        return true;
      }
      return false;
    },
  };
}

/** The milliseconds of an `xstate.after.<delay>.<state>` event: a number, or a named delay of the context. */
export function delayOf(machine: AnyStateMachine, type: string, context: unknown): number {
  const name = type.slice(AFTER.length).split('.')[0] ?? '';
  const named = (machine.implementations.delays as Record<string, unknown>)[name];
  const ms =
    typeof named === 'function' ? named({ context }) : typeof named === 'number' ? named : Number(name);
  if (!Number.isFinite(ms)) throw new Error(`delay ${name} is not a number of milliseconds`);
  return ms;
}

const settleMicrotasks = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Replays a path on the machine alone; resolves with the value reached at each step. */
export async function replayOnMachine(entry: RegisteredMachine, path: StatePath<Snapshot, EventObject>) {
  const harness = deferredActors(entry.machine);
  const actor = createActor(harness.logic, {
    clock: harness.clock,
    ...(entry.input === undefined ? {} : { input: entry.input }),
  }).start();
  const reached: Array<{ expected: unknown; actual: unknown }> = [];
  await replaySteps(path, async (step) => {
    const { context } = actor.getSnapshot();
    if (step.event.type !== 'xstate.init' && !harness.settle(step.event, context)) actor.send(step.event);
    await settleMicrotasks();
    const snapshot = actor.getSnapshot();
    // With a context projection, states that differ only outside it are one vertex: compare what it keeps.
    const keep = (context: unknown) =>
      entry.serializeContext ? entry.serializeContext(context as never) : context;
    reached.push({
      expected: { value: step.state.value, context: keep(step.state.context) },
      actual: { value: snapshot.value, context: keep(snapshot.context) },
    });
  });
  actor.stop();
  return reached;
}
