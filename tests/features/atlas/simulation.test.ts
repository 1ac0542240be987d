import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, type EventObject, fromPromise, SimulatedClock } from 'xstate';
import { possibleEvents, simulate, startSimulation } from '../../../atlas-engine/simulation';
import { flowPaths } from '../../../machine-paths/paths';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';

/*
 * The atlas's simulation follows the machine: along every generated path, the state and context it shows
 * after each event equal those of a running actor of the same machine, whose invoked actors settle with the
 * path's outcome and whose delays run out on a simulated clock.
 */

function runningActor(entry: RegisteredMachine) {
  const held = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const actors = Object.fromEntries(
    Object.keys(entry.machine.implementations.actors).map((src) => [
      src,
      fromPromise(() => new Promise((resolve, reject) => held.set(src, { resolve, reject }))),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(entry.machine.provide({ actors }), {
    clock,
    ...(entry.input === undefined ? {} : { input: entry.input }),
  }).start();
  return {
    snapshot: () => actor.getSnapshot() as AnyMachineSnapshot,
    async take(event: EventObject & Record<string, unknown>) {
      const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (outcome) {
        const waiting = held.get(outcome[2]!);
        if (!waiting) throw new Error(`nothing invoked as ${outcome[2]}`);
        held.delete(outcome[2]!);
        if (outcome[1] === 'done') waiting.resolve(event.output);
        else waiting.reject(event.error);
      } else if (event.type.startsWith('xstate.after.')) clock.increment(24 * 3600 * 1000);
      else actor.send(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const shown = (s: AnyMachineSnapshot) => JSON.parse(JSON.stringify({ value: s.value, context: s.context }));

describe.each(machines.map((m) => [m.id, m] as const))('simulating the %s machine', (_id, entry) => {
  it('shows after every event of every generated path what a running actor is in', async () => {
    for (const path of flowPaths(entry)) {
      const actor = runningActor(entry);
      let simulated = startSimulation(entry);
      expect(shown(simulated)).toEqual(shown(actor.snapshot()));
      for (const step of path.steps.slice(1)) {
        const offered = possibleEvents(entry, simulated).map((o) => o.event);
        expect(offered, `${path.key}: ${step.event.type} offered`).toContainEqual(step.event);
        simulated = simulate(entry, simulated, step.event).snapshot;
        await actor.take(step.event);
        expect(shown(simulated), `${path.key} after ${step.event.type}`).toEqual(shown(actor.snapshot()));
      }
    }
  });
});

describe('what the simulation offers', () => {
  const session = machines.find((m) => m.id === 'session')!;

  it('offers a waiting state its delay as an event, and takes it (docs/specification.md §4: the reminder after 1440 s)', () => {
    const starting = startSimulation(session);
    const started = simulate(session, starting, {
      type: 'xstate.done.actor.startSession',
      output: { remindSeconds: 1440, endSeconds: 1740, elapsedSeconds: 0 },
    } as EventObject);
    expect(started.snapshot.value).toBe('active');
    const delay = possibleEvents(session, started.snapshot).find((o) =>
      o.event.type.startsWith('xstate.after.'),
    );
    expect(delay?.taken).toHaveLength(1);
    expect(simulate(session, started.snapshot, delay!.event).snapshot.value).toBe('reminding');
  });

  it('marks an event the state handles but whose condition fails as taking nothing', () => {
    const contact = machines.find((m) => m.id === 'contact')!;
    const editing = startSimulation(contact);
    const withoutCaptcha = possibleEvents(contact, editing).find(
      (o) => o.event.type === 'contact.submit' && (o.event as { captcha?: string }).captcha === '',
    );
    expect(withoutCaptcha?.taken).toEqual([]);
    expect(simulate(contact, editing, withoutCaptcha!.event).snapshot.value).toBe(editing.value);
  });
});
