import { describe, expect, it } from 'vitest';
import { emailCodeMachine, nextEmailCodeState } from '../../machines/email-code.machine';
import { EMAIL_CODE_STATES } from '../../src/domain/email-code';

// Issue 45's rules for a code sent by e-mail, asked of the machine as the server asks it: six digits that
// work once, for ten minutes, void at the fifth wrong one; a newer code replaces it; nothing moves an ended one.

describe('a code sent by e-mail', () => {
  it('opens once when typed right', () => {
    expect(nextEmailCodeState('issued', 0, { type: 'code.match' })).toEqual({ state: 'used', failures: 0 });
    expect(nextEmailCodeState('issued', 4, { type: 'code.match' })).toEqual({ state: 'used', failures: 4 });
  });

  it('counts four wrong codes and voids it at the fifth', () => {
    const wrong = { type: 'code.mismatch' } as const;
    let at = { state: 'issued' as const, failures: 0 } as { state: string; failures: number } | null;
    const seen = [];
    for (let i = 0; i < 5; i++) {
      at = nextEmailCodeState(at!.state as 'issued', at!.failures, wrong);
      seen.push(at);
    }
    expect(seen).toEqual([
      { state: 'issued', failures: 1 },
      { state: 'issued', failures: 2 },
      { state: 'issued', failures: 3 },
      { state: 'issued', failures: 4 },
      { state: 'voided', failures: 5 },
    ]);
  });

  it('ends when its time runs out, when a newer one is sent, and when what it was for is given up', () => {
    expect(nextEmailCodeState('issued', 2, { type: 'code.expire' })?.state).toBe('expired');
    expect(nextEmailCodeState('issued', 2, { type: 'code.supersede' })?.state).toBe('superseded');
    expect(nextEmailCodeState('issued', 2, { type: 'code.withdraw' })?.state).toBe('withdrawn');
  });

  it('moves no ended code, whatever happens to it', () => {
    const events = ['code.match', 'code.mismatch', 'code.expire', 'code.supersede', 'code.withdraw'] as const;
    for (const state of EMAIL_CODE_STATES.filter((s) => s !== 'issued'))
      for (const type of events)
        expect({ state, type, next: nextEmailCodeState(state, 1, { type }) }).toEqual({
          state,
          type,
          next: null,
        });
  });
});

describe('the machine as the atlas draws it', () => {
  it('has one state per stored state, each with its words for the screens, a description, and ends final', () => {
    const nodes = Object.entries(emailCodeMachine.states);
    expect(nodes.map(([key]) => key)).toEqual([...EMAIL_CODE_STATES]);
    // the words 通知設定 shows (docs/specification.md §6)
    expect(nodes.map(([, node]) => node.meta)).toEqual([
      { state: '待輸入' },
      { state: '已使用' },
      { state: '已失效' },
      { state: '已逾時' },
      { state: '已重寄' },
      { state: '已取消' },
    ]);
    for (const [, node] of nodes) expect(node.description?.trim()).toBeTruthy();
    expect(nodes.filter(([, node]) => node.type === 'final').map(([key]) => key)).toEqual([
      'used',
      'voided',
      'expired',
      'superseded',
      'withdrawn',
    ]);
  });
});
