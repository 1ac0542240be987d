import type { Page } from 'playwright-core';
import type { FlowPath } from '../../../machine-paths/paths';
import type { RegisteredMachine } from '../../../machine-paths/registry';
import type { Oracle } from '../../support/oracle';
import { recordPassedPath } from '../../support/path-record';
import { type PathDriver, runPath, type StimuliOf } from '../../support/path-runner';
import { type BuiltApp, openApp, returningVisitor } from './built-app';
import { pageAgreement } from './held-network';

/** What a walk lets its watcher see: a form filled in, not yet sent, and each step once it has settled. */
export interface FlowWatch {
  /** the visitor has filled the step's form and is about to press its button */
  filled?(page: Page): Promise<void>;
  /** the page shows what the oracle says after a step of the path */
  settled?(page: Page): Promise<void>;
}

/** A flow's generated paths acted out in the built app in Chromium, against the flow's oracle. */
export interface FlowInChromium<S, V> {
  entry: RegisteredMachine;
  /** the calls held until the path answers them, and compared with the oracle's */
  calls: readonly string[];
  stimuli: StimuliOf<S>;
  /** the flow's first screen, under /groupins; a function is asked once the driver has set the page up */
  start: string | (() => string);
  oracle(): Oracle<S | { kind: 'wait'; ms: number }, V>;
  /** sets the page up before the flow's first screen opens (clock, held calls), and its driver */
  driver(page: Page, origin: string, watch: FlowWatch): Promise<PathDriver<S, V>>;
}

/** Runs one generated path of `flow` in a fresh visitor's page, and records it as passed in Chromium. */
export async function runInChromium<S, V>(
  app: BuiltApp,
  flow: FlowInChromium<S, V>,
  path: FlowPath,
  options: { viewport?: { width: number; height: number }; watch?: FlowWatch } = {},
): Promise<void> {
  const { context, page } = await returningVisitor(app, options.viewport);
  const watch = options.watch ?? {};
  try {
    const driver = await flow.driver(page, app.server.origin, watch);
    const start = typeof flow.start === 'string' ? flow.start : flow.start();
    await openApp(page, `${app.server.origin}/groupins${start}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const agree = pageAgreement((view) => view);
    await runPath(
      path,
      flow.stimuli,
      flow.oracle(),
      driver,
      async (actual, expected) => {
        await agree(actual, expected);
        await watch.settled?.(page);
      },
      flow.calls,
    );
    recordPassedPath('chromium', flow.entry.id, path);
  } finally {
    await context.close();
  }
}
