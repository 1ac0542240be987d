import { act, cleanup, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { SimulatedClock } from 'xstate';
import type { FlowPath, FlowStep } from '../../machine-paths/paths';
import type { HeldNetwork } from './api-calls';
import { heldNetwork } from './held-network';
import type { Oracle } from './oracle';
import { recordPassedPath } from './path-record';
import { type Agreement, type PathDriver, runPath, type StimuliOf, scenarioPath } from './path-runner';
import type { FetchHandler } from './render-app';
import { openPage } from './visitor-page';
import type { WalkStep } from './walks';

/** What a flow's page runs need: the page, the calls held, the driver, and what is set before and after. */
export interface FlowPage<S, V> {
  machineId: string;
  path: string;
  calls: readonly string[];
  agree: Agreement;
  /** the fake server of the calls not held (held-network's default: the seeded catalogue's answers) */
  answers?: FetchHandler;
  driver(page: {
    network: HeldNetwork;
    user: UserEvent;
    clock: SimulatedClock;
    at: () => string;
    /** the address bar at `path` (under /groupins): a deep link, or browser Back or Forward to it */
    open: (path: string) => Promise<void>;
  }): PathDriver<S, V>;
  /** the browser as the visitor comes to the page (cookies, a flow in progress in the tab) */
  before?(visitedBefore: boolean): void;
  after?(): void;
}

/** Opens the page as a new one with its network held, runs `body` on its driver, then closes it all. */
async function onFreshPage<S, V, T>(
  flow: FlowPage<S, V>,
  visitedBefore: boolean,
  body: (driver: PathDriver<S, V>) => Promise<T>,
): Promise<T> {
  const network = heldNetwork(flow.calls, flow.answers);
  const clock = new SimulatedClock();
  flow.before?.(visitedBefore);
  try {
    const page = await openPage(flow.path, { clock });
    await screen.findByRole('heading', { level: 1 });
    const at = () => page.history.location.pathname.replace(/^\/groupins/, '') || '/';
    const open = async (path: string) => {
      await act(async () => page.history.push(`/groupins${path}`));
    };
    const result = await body(flow.driver({ network, user: userEvent.setup(), clock, at, open }));
    page.stop();
    return result;
  } finally {
    cleanup();
    network.close();
    flow.after?.();
  }
}

/** Runs a generated path on the rendered app against its oracle, and records it as passed in jsdom. */
export async function pathOnPage<S, V>(
  flow: FlowPage<S, V>,
  path: FlowPath,
  stimuli: StimuliOf<S>,
  oracle: Oracle<S | { kind: 'wait'; ms: number }, V>,
  visitedBefore = false,
): Promise<void> {
  await onFreshPage(flow, visitedBefore, (driver) =>
    runPath(path, stimuli, oracle, driver, flow.agree, flow.calls),
  );
  recordPassedPath('jsdom', flow.machineId, path);
}

/**
 * A scenario of the issue written as the machine's events, played on the rendered app against its oracle
 * as a path is. It does not come from the machine (a transition the machine lost is still asked for), so
 * it is not recorded as a generated path.
 */
export function eventsOnPage<S, V>(
  flow: FlowPage<S, V>,
  events: ReadonlyArray<FlowStep['event']>,
  stimuli: StimuliOf<S>,
  oracle: Oracle<S | { kind: 'wait'; ms: number }, V>,
): Promise<void> {
  return onFreshPage(flow, false, (driver) =>
    runPath(scenarioPath(events), stimuli, oracle, driver, flow.agree, flow.calls),
  );
}

/**
 * A scenario of docs/specification.md on the rendered app: a fixed sequence of the walks' steps, each one possible when
 * the oracle says so and checked against it like a walk. Unlike the generated paths it does not come
 * from the machine, so a transition the machine lost is still asked for.
 */
export function scenarioOnPage<O extends Oracle<S, V>, S, V>(
  flow: FlowPage<S, V>,
  steps: readonly WalkStep<O, S, V>[],
  oracle: O,
  visitedBefore = false,
): Promise<void> {
  return onFreshPage(flow, visitedBefore, async (driver) => {
    const real = { driver, agree: flow.agree, calls: flow.calls };
    for (const step of steps) {
      if (!step.check(oracle)) throw new Error(`the oracle does not allow「${step}」at this point`);
      await step.run(oracle, real);
    }
  });
}

/**
 * Random walks on the rendered app: fast-check draws sequences of visitor actions and server answers,
 * the oracle is the model, each run a new page.
 */
export function walksOnPage<O extends Oracle<S, V>, S, V>(
  flow: FlowPage<S, V>,
  steps: fc.Arbitrary<
    fc.AsyncCommand<O, { driver: PathDriver<S, V>; agree: Agreement; calls: readonly string[] }>
  >[],
  oracle: (visitedBefore: boolean) => O,
  options: { maxCommands: number; numRuns: number },
): Promise<void> {
  return fc.assert(
    fc.asyncProperty(
      fc.boolean(),
      fc.commands(steps, { maxCommands: options.maxCommands, size: 'max' }),
      (visitedBefore, commands) =>
        onFreshPage(flow, visitedBefore, (driver) =>
          fc.asyncModelRun(
            () => ({ model: oracle(visitedBefore), real: { driver, agree: flow.agree, calls: flow.calls } }),
            commands,
          ),
        ),
    ),
    // Under mutation testing every mutant of a machine runs these walks: a quarter of the runs each.
    // WALK_SEED replays the walks of a seed a failure printed.
    {
      numRuns: process.env.MUTATION_GROUP ? Math.ceil(options.numRuns / 4) : options.numRuns,
      seed: process.env.WALK_SEED ? Number(process.env.WALK_SEED) : undefined,
    },
  );
}
