import { describe, expect, it } from 'vitest';
import { outboxMessageLevel } from '../../machine-paths/outbox-message/machine-level';
import { OutboxMessageOracle, type OutboxMessageView } from '../../machine-paths/outbox-message/oracle';
import { SAMPLE_BUSY_ANSWER, SAMPLE_REFUSED_ANSWER } from '../../machine-paths/outbox-message/samples';
import {
  accept,
  failForNow,
  leaseExpire,
  type OutboxMessageEvent,
  outboxMessageStimuli,
  refuse,
  resend,
  take,
} from '../../machine-paths/outbox-message/stimuli';
import { machines } from '../../machine-paths/registry';
import { nextOutboxState, outboxMessageMachine } from '../../machines/outbox-message.machine';
import { OUTBOX_STATES, type OutboxState } from '../../src/domain/outbox';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// Issue 36's rules for one outbox message as fixed sequences, played on the machine and on the oracle,
// which must agree after every step; each test then says what the rule promises.

const entry = machines.find((m) => m.id === 'outbox-message')!;

async function play(...events: OutboxMessageEvent[]): Promise<OutboxMessageView[]> {
  const views: OutboxMessageView[] = [];
  await runPath(
    scenarioPath(events),
    outboxMessageStimuli,
    new OutboxMessageOracle(),
    machineDriver(entry, outboxMessageLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: OutboxMessageView }).view);
    },
    [],
  );
  return views;
}

const states = (views: OutboxMessageView[]) => views.map((v) => v.state);

describe('an outbox message', () => {
  it('is written waiting, then taken, then sent', async () => {
    const views = await play(take(), accept());
    expect(states(views)).toEqual(['待寄送', '寄送中', '已寄出']);
    expect(views.at(-1)).toEqual({ state: '已寄出', takeable: false, resend: false });
  });

  it('waits again after each of the first six tries fails for now, and is failed after the seventh', async () => {
    const tries = [1, 2, 3, 4, 5, 6, 7].flatMap((attempt) => [take(), failForNow(attempt)]);
    const views = await play(...tries);
    const afterEachTry = views.filter((_, i) => i > 0 && i % 2 === 0);
    expect(states(afterEachTry)).toEqual([
      '待寄送',
      '待寄送',
      '待寄送',
      '待寄送',
      '待寄送',
      '待寄送',
      '寄送失敗',
    ]);
  });

  it('is failed at once when the mail server refuses it for good, and offers 重新寄送', async () => {
    const views = await play(take(), refuse());
    expect(views.at(-1)).toEqual({ state: '寄送失敗', takeable: false, resend: true });
  });

  it('waits again after 重新寄送 and may be sent then', async () => {
    const views = await play(take(), refuse(), resend(), take(), accept());
    expect(states(views)).toEqual(['待寄送', '寄送中', '寄送失敗', '待寄送', '寄送中', '已寄出']);
  });

  it('is left to be taken again when the worker that took it dies, never lost', async () => {
    const views = await play(take(), leaseExpire(), take(), accept());
    expect(states(views)).toEqual(['待寄送', '寄送中', '待寄送', '寄送中', '已寄出']);
  });

  it('is taken by one worker at a time: a second take while sending changes nothing', async () => {
    const views = await play(take(), take(), accept());
    expect(states(views)).toEqual(['待寄送', '寄送中', '寄送中', '已寄出']);
  });
});

describe('the machine as the atlas draws it', () => {
  it('has one state per stored state, each with its words for staff and a description', () => {
    const nodes = Object.entries(outboxMessageMachine.states);
    expect(nodes.map(([key]) => key)).toEqual([...OUTBOX_STATES]);
    expect(nodes.map(([, node]) => node.meta)).toEqual([
      { state: '待寄送' },
      { state: '寄送中' },
      { state: '已寄出' },
      { state: '寄送失敗' },
    ]);
    for (const [, node] of nodes) expect(node.description?.trim()).toBeTruthy();
  });
});

describe('nextOutboxState: the machine restored at a stored state', () => {
  const taken = { type: 'delivery.take' } as const;
  const accepted = { type: 'delivery.accept' } as const;
  const later = { type: 'delivery.fail', attempt: 2, answer: SAMPLE_BUSY_ANSWER, permanent: false } as const;
  const refused = {
    type: 'delivery.fail',
    attempt: 2,
    answer: SAMPLE_REFUSED_ANSWER,
    permanent: true,
  } as const;
  const expired = { type: 'lease.expire' } as const;
  const again = { type: 'message.resend' } as const;

  // the issue's changes, written out: every (state, event) pair not listed is refused
  const ALLOWED: Array<[OutboxState, { type: string }, OutboxState]> = [
    ['waiting', taken, 'sending'],
    ['sending', accepted, 'sent'],
    ['sending', later, 'waiting'],
    ['sending', refused, 'failed'],
    ['sending', expired, 'waiting'],
    ['failed', again, 'waiting'],
  ];

  for (const state of OUTBOX_STATES) {
    for (const event of [taken, accepted, later, refused, expired, again]) {
      const allowed = ALLOWED.find(([from, e]) => from === state && e === event);
      it(`${state} on ${event.type}${'permanent' in event ? ` (${event.permanent ? 'for good' : 'for now'})` : ''} → ${allowed?.[2] ?? 'refused'}`, () => {
        expect(nextOutboxState(state, event)).toBe(allowed?.[2] ?? null);
      });
    }
  }

  it('fails the seventh try for good however the server answered', () => {
    expect(nextOutboxState('sending', { ...later, attempt: 7 })).toBe('failed');
    expect(nextOutboxState('sending', { ...later, attempt: 6 })).toBe('waiting');
  });
});
