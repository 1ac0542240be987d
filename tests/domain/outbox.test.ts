import { describe, expect, it } from 'vitest';
import { isOutboxState, OUTBOX_MAX_ATTEMPTS, retryWaitMs } from '../../src/domain/outbox';

const MINUTE = 60_000;

// docs/decisions.md, "E-mail": 1 min, 5 min, 15 min, 1 h, 4 h, 12 h between the 7 tries
describe('the outbox retry schedule', () => {
  it('waits longer after each failed try', () => {
    expect([1, 2, 3, 4, 5, 6].map(retryWaitMs)).toEqual([
      MINUTE,
      5 * MINUTE,
      15 * MINUTE,
      60 * MINUTE,
      240 * MINUTE,
      720 * MINUTE,
    ]);
  });

  it('has no wait after the seventh try, the last, nor for a try that never was', () => {
    expect(OUTBOX_MAX_ATTEMPTS).toBe(7);
    expect(retryWaitMs(7)).toBeNull();
    expect(retryWaitMs(8)).toBeNull();
    expect(retryWaitMs(0)).toBeNull();
  });

  it('knows its four states', () => {
    expect(['waiting', 'sending', 'sent', 'failed'].every(isOutboxState)).toBe(true);
    expect(isOutboxState('queued')).toBe(false);
    expect(isOutboxState(1)).toBe(false);
  });
});
