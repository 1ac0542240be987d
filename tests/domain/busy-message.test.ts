import { describe, expect, it } from 'vitest';
import { busyMessage } from '../../src/domain/busy-message';
import { messages } from '../../src/domain/messages';

// docs/design.md "API": a fault answers with a generic message, no stack; the server's fault envelope,
// the API client and the screens say the same 系統忙碌中 (tests/server/security.test.ts).
describe('the message of a call that failed without one of its own', () => {
  it('is the generic 系統忙碌中 in Traditional Chinese', () => {
    expect(busyMessage()).toBe('系統忙碌中，請稍後再試');
  });

  it('is the one the message catalogue serves', () => {
    expect(messages.busy()).toBe('系統忙碌中，請稍後再試');
  });
});
