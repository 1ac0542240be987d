import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createMachine } from 'xstate';
import type { AppActors } from '../../src/app-actors';
import { createFlow } from '../../src/lib/create-flow';
import { clearFlowState } from '../../src/lib/flow-storage';

// the trace's recorder is the atlas's business (tests/features/atlas): here it only must not send
vi.mock('../../src/lib/transition-trace', () => ({ recordTransitions: () => ({ unsubscribe() {} }) }));

const machine = createMachine({
  id: 'contact',
  types: {} as { input: { typed: string }; context: { typed: string } },
  context: ({ input }) => ({ typed: input.typed }),
  on: { type: { actions: assign({ typed: ({ event }) => (event as unknown as { text: string }).text }) } },
});

/** A page's app: only who it is matters to the flow (each page starts its own). */
const newApp = () => ({}) as AppActors;

function sampleFlow() {
  const heard: string[] = [];
  const flow = createFlow({
    name: 'contact',
    machine,
    input: () => ({ typed: '新的' }),
    hears: (actor) => {
      heard.push(`hears ${actor.getSnapshot().context.typed}`);
      return () => heard.push('stops hearing');
    },
  });
  return { flow, heard };
}

afterEach(() => {
  clearFlowState();
  sessionStorage.clear();
});

describe('a flow made with createFlow', () => {
  it('is one running actor for the app, started once and hearing the app once', () => {
    const { flow, heard } = sampleFlow();
    const app = newApp();
    const actor = flow.actorOf(app);
    expect(actor.getSnapshot().status).toBe('active');
    expect(flow.actorOf(app)).toBe(actor);
    expect(heard).toEqual(['hears 新的']);
  });

  it('a new page stops the last page’s actor and goes on from the tab’s snapshot', () => {
    const { flow, heard } = sampleFlow();
    const first = flow.actorOf(newApp());
    first.send({ type: 'type', text: '晴川' });
    const next = flow.actorOf(newApp());
    expect(next).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(next.getSnapshot().context.typed).toBe('晴川');
    expect(heard).toEqual(['hears 新的', 'stops hearing', 'hears 晴川']);
  });

  it('forgetting the flows (/back2Home, the session’s end) stops it; the next screen starts anew', () => {
    const { flow, heard } = sampleFlow();
    const app = newApp();
    const first = flow.actorOf(app);
    first.send({ type: 'type', text: '晴川' });
    clearFlowState();
    expect(first.getSnapshot().status).toBe('stopped');
    expect(heard).toEqual(['hears 新的', 'stops hearing']);
    const next = flow.actorOf(app);
    expect(next).not.toBe(first);
    expect(next.getSnapshot().context.typed).toBe('新的');
  });

  it('may hear nothing of the app (the contact form): it starts, and stops when forgotten', () => {
    const flow = createFlow({ name: 'contact', machine, input: () => ({ typed: '新的' }) });
    const first = flow.actorOf(newApp());
    expect(first.getSnapshot().status).toBe('active');
    const next = flow.actorOf(newApp());
    expect(first.getSnapshot().status).toBe('stopped');
    clearFlowState();
    expect(next.getSnapshot().status).toBe('stopped');
  });
});
