import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createMachine, fromPromise } from 'xstate';
import { clearFlowState } from '../../src/lib/flow-storage';
import { storedFlow } from '../../src/lib/stored-flow';

// the trace's recorder is the atlas's business (tests/features/atlas): here it only must not send
vi.mock('../../src/lib/transition-trace', () => ({ recordTransitions: () => ({ unsubscribe() {} }) }));

const KEY = 'groupins.flow.shopcart';
const never = fromPromise(() => new Promise<never>(() => {}));

/** A flow as docs/design.md's "Flows are machines" has them: settled steps, busy calls with or without a resume. */
const flow = createMachine({
  id: 'sample',
  context: { typed: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        type: { actions: assign({ typed: ({ event }) => (event as unknown as { text: string }).text }) },
        send: 'sending',
        check: 'checking',
        finish: 'finished',
      },
    },
    // a call a reload cannot take back: the step before it is what a reload shows
    checking: { tags: ['busy'], invoke: { src: never } },
    // a call that went out: a reload lands on `unanswered`, knowing it went
    sending: { tags: ['busy'], meta: { resume: 'unanswered' }, invoke: { src: never } },
    unanswered: {},
    finished: { type: 'final' },
  },
});

const stored = () => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
const start = () => storedFlow('shopcart', flow, {} as never, () => {});

afterEach(() => {
  clearFlowState();
  sessionStorage.clear();
});

describe('a flow kept for the tab', () => {
  it('saves each settled step with what was typed, and a new page starts from it', () => {
    const first = start();
    first.actor.start();
    first.actor.send({ type: 'type', text: '晴川' } as never);
    expect(stored()).toMatchObject({ value: 'editing', context: { typed: '晴川' } });
    first.stop();

    const again = start();
    again.actor.start();
    expect(again.actor.getSnapshot().context).toEqual({ typed: '晴川' });
  });

  it('does not save a busy state that names no resume: a reload shows the step before the call', () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'type', text: 'a' } as never);
    actor.send({ type: 'check' } as never);
    expect(actor.getSnapshot().value).toBe('checking');
    expect(stored()).toMatchObject({ value: 'editing', context: { typed: 'a' } });
  });

  it('saves a busy state with a resume as that settled state, without the call', () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'type', text: 'b' } as never);
    actor.send({ type: 'send' } as never);
    expect(actor.getSnapshot().value).toBe('sending');
    expect(stored()).toMatchObject({ value: 'unanswered', context: { typed: 'b' } });
    expect(stored().children).toEqual({});
    const again = start();
    again.actor.start();
    expect(again.actor.getSnapshot().value).toBe('unanswered');
  });

  it('keeps the last step, not the end, once the flow is done', () => {
    const { actor } = start();
    actor.start();
    actor.send({ type: 'type', text: 'c' } as never);
    actor.send({ type: 'finish' } as never);
    expect(actor.getSnapshot().status).toBe('done');
    expect(stored()).toMatchObject({ value: 'editing', context: { typed: 'c' } });
  });

  it('drops a stored snapshot the machine no longer has a state for, and starts anew', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ value: 'gone', context: { typed: 'old' } }));
    const { actor } = start();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    actor.start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ typed: '' });
  });
});
