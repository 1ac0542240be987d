import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createMachine } from 'xstate';
import type { AppActors } from '../../src/app-actors';
import { createFlow, type FlowDefinition } from '../../src/lib/create-flow';
import { clearFlowState } from '../../src/lib/flow-storage';
import { useFlowStep } from '../../src/lib/use-flow-step';

// the trace's recorder is the atlas's business (tests/features/atlas): here it only must not send
vi.mock('../../src/lib/transition-trace', () => ({ recordTransitions: () => ({ unsubscribe() {} }) }));

// A flow of four steps on the shopcart's addresses. The visitor may go as far as `reached`; each
// `flow.goto` is written down, so a test sees what the screens asked for. Step 3 names its step on the
// parent state only, as the shopcart's STEP3 does.
const machine = createMachine({
  id: 'shopcart',
  types: {} as {
    context: { reached: number; asked: number[] };
    events: { type: 'flow.goto'; step: number } | { type: 'next' } | { type: 'reach'; step: number };
  },
  context: { reached: 1, asked: [] },
  initial: 'one',
  on: {
    'flow.goto': [
      { guard: ({ event }) => event.step === 1, target: '.one', actions: 'ask' },
      {
        guard: ({ context, event }) => event.step === 2 && context.reached >= 2,
        target: '.two',
        actions: 'ask',
      },
      {
        guard: ({ context, event }) => event.step === 3 && context.reached >= 3,
        target: '.three',
        actions: 'ask',
      },
      {
        guard: ({ context, event }) => event.step === 4 && context.reached >= 4,
        target: '.four',
        actions: 'ask',
      },
      { actions: 'ask' },
    ],
    reach: { actions: assign({ reached: ({ event }) => event.step }) },
  },
  states: {
    one: { meta: { step: 1 }, on: { next: { target: 'two', actions: assign({ reached: 2 }) } } },
    two: { meta: { step: 2 }, on: { next: { target: 'three', actions: assign({ reached: 3 }) } } },
    three: {
      meta: { step: 3 },
      initial: 'answered',
      states: { answered: { on: { next: { target: '#shopcart.four', actions: assign({ reached: 4 }) } } } },
    },
    four: { meta: { step: 4 } },
  },
}).provide({
  actions: {
    ask: assign({ asked: ({ context, event }) => [...context.asked, (event as { step: number }).step] }),
  },
});

const SCREENS = ['ODGAF040', 'ODGAF041', 'ODGAF042', 'ODGAF043'] as const;
const PATHS = ['/shopcart/STEP1', '/shopcart/STEP2', '/shopcart/STEP3', '/shopcart/STEP4'];

type Definition = Partial<FlowDefinition<typeof machine>>;

function renderFlow(definition: Definition, at: string, strict = false) {
  const loads: string[] = [];
  const flow = createFlow({
    name: 'shopcart',
    machine,
    input: () => undefined,
    screens: SCREENS,
    ...definition,
  });
  const Step = ({ step }: { step: number }) => {
    const { flow: actor, inStep } = useFlowStep(flow, step);
    const asked = useSelector(actor, (s) => s.context.asked.join(','));
    return (
      <main>
        <h1>{`第 ${step} 步${inStep ? '' : '（不在此步）'}`}</h1>
        <p>{`問過：${asked}`}</p>
        <button type="button" onClick={() => actor.send({ type: 'next' })}>
          下一步
        </button>
        <Link to="/shopcart/STEP2">第二步</Link>
        <Link to="/shopcart/STEP4">第四步</Link>
        <Link to="/contact">別處</Link>
      </main>
    );
  };
  const root = createRootRouteWithContext<{ actors: AppActors }>()({ component: () => <Outlet /> });
  const routes = PATHS.map((path, index) =>
    createRoute({
      getParentRoute: () => root,
      path,
      loader: () => {
        loads.push(path);
      },
      component: () => <Step step={index + 1} />,
    }),
  );
  const elsewhere = createRoute({
    getParentRoute: () => root,
    path: '/contact',
    component: () => <h1>別處</h1>,
  });
  const app = {} as AppActors;
  const history = createMemoryHistory({ initialEntries: ['/contact', at], initialIndex: 1 });
  const router = createRouter({
    routeTree: root.addChildren([...routes, elsewhere]),
    history,
    context: { actors: app },
  });
  render(
    strict ? (
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>
    ) : (
      <RouterProvider router={router} />
    ),
  );
  return { history, loads, actor: flow.actorOf(app) };
}

/** Waits until the page shows `heading` at the address `at`. */
async function settled(history: { location: { pathname: string } }, heading: string, at: string) {
  await waitFor(() =>
    expect({
      heading: screen.getByRole('heading', { level: 1 }).textContent,
      at: history.location.pathname,
    }).toEqual({
      heading,
      at,
    }),
  );
}

afterEach(() => {
  clearFlowState();
  sessionStorage.clear();
});

describe.each([false, true])('a flow step screen (useFlowStep), strict %s', (strict) => {
  it('asks the machine for its step on arrival and stays when granted (a flow with no unasked steps)', async () => {
    const { history, actor, loads } = renderFlow({}, '/shopcart/STEP1', strict);
    await settled(history, '第 1 步', '/shopcart/STEP1');
    expect(actor.getSnapshot().context.asked).toEqual([1]);
    // the screen's data is read once: staying is not a new arrival
    expect(loads).toEqual(['/shopcart/STEP1']);
  });

  it('replaces an address the machine refuses by its own step: Back then leaves the flow', async () => {
    const { history } = renderFlow({}, '/shopcart/STEP3', strict);
    await screen.findByText('第 1 步');
    expect(history.location.pathname).toBe('/shopcart/STEP1');
    act(() => history.back());
    await settled(history, '別處', '/contact');
  });

  it('names a step by a parent state’s meta: a granted STEP3 is shown on STEP3', async () => {
    const { history, actor } = renderFlow({}, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    act(() => actor.send({ type: 'reach', step: 3 }));
    await userEvent.click(screen.getByRole('link', { name: '第二步' }));
    await screen.findByText('第 2 步');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('第 3 步')).toBeTruthy();
    expect(history.location.pathname).toBe('/shopcart/STEP3');
  });

  it('pushes a step the machine moves to later, once: one Back returns to the step before', async () => {
    const { history, actor, loads } = renderFlow({}, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settled(history, '第 2 步', '/shopcart/STEP2');
    act(() => history.back());
    await settled(history, '第 1 步', '/shopcart/STEP1');
    // Back is an arrival: STEP1 was asked for again and granted
    expect(actor.getSnapshot().context.asked).toEqual([1, 2, 1]);
    expect(loads).toEqual(['/shopcart/STEP1', '/shopcart/STEP2', '/shopcart/STEP1']);
    act(() => history.back());
    await settled(history, '別處', '/contact');
  });

  it('asks again when the same address is arrived at again (typed in the address bar)', async () => {
    const { history, actor } = renderFlow({}, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    act(() => history.push('/shopcart/STEP1'));
    await screen.findByText('問過：1,1');
    expect(history.location.pathname).toBe('/shopcart/STEP1');
    expect(actor.getSnapshot().context.asked).toEqual([1, 1]);
  });

  it('asks nothing and moves nothing on the way out to another page', async () => {
    const { history, actor } = renderFlow({}, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    act(() => actor.send({ type: 'reach', step: 2 }));
    await userEvent.click(screen.getByRole('link', { name: '第二步' }));
    await screen.findByText('第 2 步');
    await userEvent.click(screen.getByRole('link', { name: '別處' }));
    await settled(history, '別處', '/contact');
    expect(actor.getSnapshot().context.asked).toEqual([1, 2]);
    expect(actor.getSnapshot().value).toBe('two');
  });

  it('never asks for an unasked step: its address shows the step the machine is on', async () => {
    const { history, actor } = renderFlow({ unasked: [4] }, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    // the machine would grant STEP4 if asked
    act(() => actor.send({ type: 'reach', step: 4 }));
    await userEvent.click(screen.getByRole('link', { name: '第四步' }));
    // sent back to STEP1, which is a new arrival there
    await screen.findByText('問過：1,1');
    await settled(history, '第 1 步', '/shopcart/STEP1');
    expect(actor.getSnapshot().context.asked).toEqual([1, 1]);
  });

  it('shows an unasked step the machine moved to, at its address', async () => {
    const { history, actor } = renderFlow({ unasked: [4] }, '/shopcart/STEP1', strict);
    await screen.findByText('第 1 步');
    act(() => actor.send({ type: 'reach', step: 3 }));
    act(() => actor.send({ type: 'flow.goto', step: 3 }));
    await settled(history, '第 3 步', '/shopcart/STEP3');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settled(history, '第 4 步', '/shopcart/STEP4');
    expect(actor.getSnapshot().context.asked).toEqual([1, 3, 3]);
  });
});
