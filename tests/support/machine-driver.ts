import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import type { FlowStep } from '../../machine-paths/paths';
import type { RegisteredMachine } from '../../machine-paths/registry';
import { advanceClock } from './advance-clock';
import type { SentRequest } from './oracle';
import type { PathDriver } from './path-runner';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

export interface MachineLevel<V> {
  /** what the visitor would see of this snapshot, in the terms of the oracle's view */
  view(snapshot: AnyMachineSnapshot, emitted: EventObject[]): V;
  /** the calls an invoked actor stands for, given its input */
  calls: Record<string, (input: never) => SentRequest[]>;
  /**
   * Outcomes that come with no wait in the app (reading a cookie, the browser refusing one): settled
   * together with the step before them.
   */
  instant?: readonly string[];
  /**
   * What a screen sends by itself on showing this snapshot (a notice that marks itself shown): sent after
   * every step, as the rendered app would.
   */
  screenSends?(snapshot: AnyMachineSnapshot): EventObject[];
}

/**
 * The machine alone as a level: its invokes are held until the path's done/error step settles them (and
 * recorded as the calls they stand for), its delays run on a simulated clock moved by the oracle's times.
 */
export function machineDriver<S, V>(entry: RegisteredMachine, level: MachineLevel<V>): PathDriver<S, V> {
  const machine: AnyStateMachine = entry.machine;
  const held = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const sent: SentRequest[] = [];
  const emitted: EventObject[] = [];
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise(({ input }) => {
        sent.push(...(level.calls[src]?.(input as never) ?? []));
        return new Promise((resolve, reject) => held.set(src, { resolve, reject }));
      }),
    ]),
  );
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors }), {
    clock,
    ...(entry.input === undefined ? {} : { input: entry.input }),
  });
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  const settled = new Set<number>();

  const settle = (event: FlowStep['event']) => {
    const done = event.type.startsWith(DONE);
    const id = event.type.slice((done ? DONE : ERROR).length);
    const waiting = held.get(id);
    if (!waiting) throw new Error(`the machine is not waiting on ${id}`);
    held.delete(id);
    if (done) waiting.resolve(event.output);
    else waiting.reject(event.error);
  };

  return {
    async step(step, index, steps) {
      const { type } = step.event;
      if (type.startsWith(DONE) || type.startsWith(ERROR)) {
        if (!settled.has(index)) settle(step.event);
      } else if (type !== 'xstate.init' && !type.startsWith('xstate.after.')) {
        actor.send(step.event);
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      const next = steps[index + 1];
      if (next && level.instant?.includes(next.event.type)) {
        settle(next.event);
        settled.add(index + 1);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      for (const event of level.screenSends?.(actor.getSnapshot()) ?? []) actor.send(event);
    },
    async wait(ms) {
      advanceClock(clock, ms);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async view() {
      return level.view(actor.getSnapshot(), emitted);
    },
    sent: () => sent,
  };
}
