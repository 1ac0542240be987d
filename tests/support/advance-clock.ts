import type { SimulatedClock } from 'xstate';

type Timeouts = Map<number, { start: number; timeout: number }>;

/**
 * Moves xstate's simulated clock forward by `ms` the way real time passes: timer by timer, so a timer that
 * one firing starts is counted from that moment (SimulatedClock.increment counts it from the end).
 */
export function advanceClock(clock: SimulatedClock, ms: number): void {
  const target = clock.now() + ms;
  const timeouts = (clock as unknown as { timeouts: Timeouts }).timeouts;
  for (;;) {
    const next = Math.min(...[...timeouts.values()].map((t) => t.start + t.timeout));
    if (!(next <= target)) break;
    clock.set(Math.max(next, clock.now()));
  }
  clock.set(target);
}
