import type fc from 'fast-check';
import type { Oracle } from './oracle';
import { type Agreement, byCall, type PathDriver } from './path-runner';

/** What a random walk acts on: the level's driver and how it is checked against the oracle. */
export interface WalkReal<S, V> {
  driver: PathDriver<S, V>;
  agree: Agreement;
  calls: readonly string[];
}

/**
 * One visitor action or server answer of a random walk: possible when the oracle says so (a button is
 * there, a call is waiting), acted out on the real app, then the app must show and have sent what the
 * oracle predicts.
 */
export class WalkStep<O extends Oracle<S, V>, S, V> implements fc.AsyncCommand<O, WalkReal<S, V>> {
  constructor(
    private readonly label: string,
    private readonly possible: (oracle: O) => boolean,
    private readonly stimulus: (oracle: O) => S,
  ) {}

  check(oracle: Readonly<O>): boolean {
    return this.possible(oracle as O);
  }

  async run(oracle: O, real: WalkReal<S, V>): Promise<void> {
    const s = this.stimulus(oracle);
    oracle.apply(s);
    await real.driver.act?.(s);
    await real.agree(
      async () => ({ view: await real.driver.view(), sent: byCall(real.driver.sent(), real.calls) }),
      { view: oracle.view(), sent: byCall(oracle.sent, real.calls) },
    );
  }

  toString(): string {
    return this.label;
  }
}
