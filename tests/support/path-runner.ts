import type { EventObject } from 'xstate';
import type { FlowPath, FlowStep } from '../../machine-paths/paths';
import type { Oracle, SentRequest } from './oracle';

/** Time passes until the next thing the oracle says time alone brings about. */
export interface WaitUntilDue {
  kind: 'waitUntilDue';
}

/** A generated step as what the visitor does or the server answers (a step may be several, or none). */
export type StimuliOf<S> = (
  step: FlowStep,
  index: number,
  steps: readonly FlowStep[],
) => Array<S | WaitUntilDue>;

/**
 * One level a path runs on: the machine alone, the rendered app in jsdom, or the built app in Chromium.
 * A UI level acts out each stimulus (a click, an answer, time passing); the machine level takes the step's
 * own event, since it has no screen.
 */
export interface PathDriver<S, V> {
  act?(stimulus: S): Promise<void>;
  step?(step: FlowStep, index: number, steps: readonly FlowStep[]): Promise<void>;
  wait(ms: number): Promise<void>;
  /** what the visitor sees, in the oracle's terms */
  view(): Promise<V>;
  /** the calls the page made, in the oracle's terms */
  sent(): SentRequest[];
}

/** Asserts (retrying where the level is asynchronous) that the level shows and sent what the oracle says. */
export type Agreement = (actual: () => Promise<unknown>, expected: unknown) => Promise<void>;

/** The calls made, by call, in the order made: the order between different calls is not the visitor's concern. */
export function byCall(sent: readonly SentRequest[], calls?: readonly string[]): Record<string, unknown[]> {
  const grouped: Record<string, unknown[]> = {};
  for (const { call, body } of sent) {
    if (calls && !calls.includes(call)) continue;
    grouped[call] = [...(grouped[call] ?? []), body];
  }
  return grouped;
}

/** Milliseconds before a due time at which the level must still show what it showed before. */
export const EARLY_CHECK_MS = 1000;

/**
 * Runs one generated path on a level against a fresh oracle: after every step, what the visitor sees and
 * what was sent must be what the oracle predicts. A wait is checked just before it is due as well, so a
 * delay that fires early shows.
 */
export async function runPath<S, V>(
  path: FlowPath,
  stimuliOf: StimuliOf<S>,
  oracle: Oracle<S | { kind: 'wait'; ms: number }, V>,
  driver: PathDriver<S, V>,
  agree: Agreement,
  calls?: readonly string[],
): Promise<void> {
  const check = (when: string) =>
    agree(async () => ({ at: when, view: await driver.view(), sent: byCall(driver.sent(), calls) }), {
      at: when,
      view: oracle.view(),
      sent: byCall(oracle.sent, calls),
    });
  for (const [index, step] of path.steps.entries()) {
    for (const stimulus of stimuliOf(step, index, path.steps)) {
      if ((stimulus as WaitUntilDue).kind === 'waitUntilDue') {
        const due = oracle.dueInMs?.();
        if (due === undefined) throw new Error(`nothing is due after ${step.event.type}`);
        const early = Math.max(0, due - EARLY_CHECK_MS);
        oracle.apply({ kind: 'wait', ms: early });
        await driver.wait(early);
        await check(`${EARLY_CHECK_MS} ms before ${step.event.type}`);
        oracle.apply({ kind: 'wait', ms: due - early });
        await driver.wait(due - early);
      } else {
        oracle.apply(stimulus as S);
        await driver.act?.(stimulus as S);
      }
    }
    await driver.step?.(step, index, path.steps);
    await check(`after ${step.event.type} (step ${index})`);
  }
}

/** A hand-written scenario as a path from `xstate.init`: its events only (no snapshots, no transitions). */
export function scenarioPath(events: ReadonlyArray<EventObject & Record<string, unknown>>): FlowPath {
  const steps = [{ type: 'xstate.init' }, ...events].map((event) => ({ event, state: undefined as never }));
  return { key: '', description: '', steps, transitions: [] };
}
