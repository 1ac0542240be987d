import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { SAMPLE_ACCESS, SAMPLE_LOOKUP } from '../machine-paths/overprint/samples';
import {
  SAMPLE_APPLICANT,
  SAMPLE_CAPTCHA,
  SAMPLE_CART_FACTS,
  SAMPLE_CARTS,
  SAMPLE_PLAN,
  SAMPLE_REQUEST_ID,
  SAMPLE_ROSTER,
  SAMPLE_SUBMITTED,
  SAMPLE_TODAY,
} from '../machine-paths/shopcart/samples';
import {
  SAMPLE_COVERS,
  SAMPLE_GROUP,
  SAMPLE_QUOTE,
  SAMPLE_TRYOUT_TODAY,
} from '../machine-paths/tryout/samples';
import { overprintMachine } from '../machines/overprint.machine';
import { shopcartMachine } from '../machines/shopcart.machine';
import { tryoutMachine } from '../machines/tryout.machine';
import { headingOf, SCREENS } from '../src/domain/screens';
import { routeNames } from '../src/features/navigation/route-names';
import { FLOW_STORAGE_PREFIX } from '../src/lib/flow-storage';
import { defaultFetch, envelope, renderApp } from './support/render-app';

/** The shopcart steps past STEP1: the flow shows them only as far as the visitor's data allows. */
const FLOW_STEPS = ['ODGAF041', 'ODGAF042', 'ODGAF043'] as const;
type FlowScreen = (typeof FLOW_STEPS)[number];
const isFlowStep = (id: string): id is FlowScreen => (FLOW_STEPS as readonly string[]).includes(id);

/** The tryout steps past STEP1, shown as far as the visitor's data allows. */
const TRYOUT_LATER = ['ODGAF071', 'ODGAF072'] as const;
type TryoutScreen = (typeof TRYOUT_LATER)[number];
const isTryoutStep = (id: string): id is TryoutScreen => (TRYOUT_LATER as readonly string[]).includes(id);

/** The overprint steps past STEP1, shown once an application is open. */
const OVERPRINT_LATER = ['ODGAF051', 'ODGAF052', 'ODGAF053'] as const;
type OverprintScreen = (typeof OVERPRINT_LATER)[number];
const isOverprintStep = (id: string): id is OverprintScreen =>
  (OVERPRINT_LATER as readonly string[]).includes(id);

// An article's page is headed by the article's title (issue 13), tested on its own below.
const visible = SCREENS.filter(
  (s) =>
    s.id !== 'back2Home' &&
    s.id !== 'ODGAF111' &&
    !isFlowStep(s.id) &&
    !isTryoutStep(s.id) &&
    !isOverprintStep(s.id),
);
const flowSteps = SCREENS.filter((s) => isFlowStep(s.id));
const tryoutSteps = SCREENS.filter((s) => isTryoutStep(s.id));
const overprintSteps = SCREENS.filter((s) => isOverprintStep(s.id));

/** The stored snapshot of the sample application opened, standing on `id`'s step. */
async function overprintAt(id: OverprintScreen): Promise<string> {
  const flow = createActor(
    overprintMachine.provide({ actors: { lookup: fromPromise(async () => SAMPLE_ACCESS) } }),
  ).start();
  flow.send({ type: 'lookup.submit', lookup: SAMPLE_LOOKUP });
  await settled(flow, (s) => s.matches('choosing'));
  if (id !== 'ODGAF051') flow.send({ type: 'documents.confirm', documents: ['form'] });
  if (id === 'ODGAF053') flow.send({ type: 'review.confirm' });
  const stored = JSON.stringify(flow.getPersistedSnapshot());
  flow.stop();
  return stored;
}

/** The stored snapshot of a trial of 基本型 for the worked example's group on `id`'s step. */
async function trialAt(id: TryoutScreen): Promise<string> {
  const flow = createActor(
    tryoutMachine.provide({ actors: { quote: fromPromise(async () => SAMPLE_QUOTE) } }),
    { input: { today: SAMPLE_TRYOUT_TODAY } },
  ).start();
  flow.send({ type: 'cover.confirm', cover: SAMPLE_COVERS.basic });
  if (id === 'ODGAF072') {
    flow.send({ type: 'group.confirm', group: SAMPLE_GROUP });
    await settled(flow, (s) => s.matches({ result: 'quoted' }));
  }
  const stored = JSON.stringify(flow.getPersistedSnapshot());
  flow.stop();
  return stored;
}

/**
 * The stored snapshot of an application on the sample 2-item cart that stands on `id`'s step, as the
 * tab keeps it in sessionStorage (a reload in the middle of the flow).
 */
async function applicationAt(id: FlowScreen): Promise<string> {
  const flow = createActor(
    shopcartMachine.provide({ actors: { submitApplication: fromPromise(async () => SAMPLE_SUBMITTED) } }),
    { input: { requestId: SAMPLE_REQUEST_ID, today: SAMPLE_TODAY, cart: SAMPLE_CART_FACTS.two } },
  ).start();
  flow.send({ type: 'plan.confirm', plan: SAMPLE_PLAN });
  if (id !== 'ODGAF041') {
    flow.send({ type: 'applicant.confirm', applicant: SAMPLE_APPLICANT, roster: SAMPLE_ROSTER });
  }
  if (id === 'ODGAF043') {
    flow.send({ type: 'application.submit', captcha: SAMPLE_CAPTCHA });
    await settled(flow, (s) => s.matches('done'));
  }
  const stored = JSON.stringify(flow.getPersistedSnapshot());
  flow.stop();
  return stored;
}

describe('route table (docs/specification.md §2)', () => {
  it.each(visible)('$path shows the $id screen with its heading', async ({ path, heading, id }) => {
    const { router } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.staticData.screenId).toBe(id);
  });

  it('/featured/articleContent is ODGAF111: the article ?id= names under its title, or a page saying it is not there', async () => {
    const article = {
      id: 'what-is-group-insurance',
      title: '團體保險是什麼？',
      summary: '摘要',
      category: '團保入門',
    };
    const found = await renderApp('/featured/articleContent?id=what-is-group-insurance', {
      fetch: (url, init) =>
        url.pathname.endsWith('/content/article')
          ? envelope({ ...article, publishedAt: '2025-01-14', readMinutes: 3, body: [], nextReads: [] })
          : defaultFetch(url, init),
    });
    expect(await screen.findByRole('heading', { level: 1, name: article.title })).toBeInTheDocument();
    expect(found.router.state.matches.at(-1)?.staticData.screenId).toBe('ODGAF111');
    cleanup();
    const missing = await renderApp('/featured/articleContent');
    expect(await screen.findByRole('heading', { level: 1, name: '找不到這篇文章' })).toBeInTheDocument();
    expect(missing.router.state.matches.at(-1)?.staticData.screenId).toBe('ODGAF111');
  });

  it.each(flowSteps)('$path with no application in progress lands on STEP1', async ({ path }) => {
    const { router, history } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF040') })).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/groupins/shopcart/STEP1'));
    expect(router.state.matches.at(-1)?.staticData.screenId).toBe('ODGAF040');
  });

  it.each(flowSteps)(
    '$path shows the $id screen with its heading to an application that reached it',
    async ({ path, heading, id }) => {
      sessionStorage.setItem(`${FLOW_STORAGE_PREFIX}shopcart`, await applicationAt(id as FlowScreen));
      const { router, history, actors } = await renderApp(path, {
        fetch: (url, init) =>
          url.pathname.endsWith('/getCart') ? envelope(SAMPLE_CARTS.two) : defaultFetch(url, init),
      });
      // the step holds once the cart is read: the same cart the application was made on
      await waitFor(() => expect(actors.cart.getSnapshot().matches('loading')).toBe(false));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.matches.at(-1)?.staticData.screenId).toBe(id);
      expect(history.location.pathname).toBe(`/groupins${path}`);
    },
  );

  it.each(tryoutSteps)('$path with no trial in progress lands on STEP1', async ({ path }) => {
    const { history } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF070') })).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/groupins/tryout/STEP1'));
  });

  it.each(tryoutSteps)(
    '$path shows the $id screen with its heading to a trial that reached it',
    async ({ path, heading, id }) => {
      sessionStorage.setItem(`${FLOW_STORAGE_PREFIX}tryout`, await trialAt(id as TryoutScreen));
      const { router, history } = await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.matches.at(-1)?.staticData.screenId).toBe(id);
      expect(history.location.pathname).toBe(`/groupins${path}`);
    },
  );

  it.each(overprintSteps)('$path with no application open lands on STEP1', async ({ path }) => {
    const { history } = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF050') })).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/groupins/overprint/STEP1'));
  });

  it.each(overprintSteps)(
    '$path shows the $id screen with its heading once an application is open that far',
    async ({ path, heading, id }) => {
      sessionStorage.setItem(`${FLOW_STORAGE_PREFIX}overprint`, await overprintAt(id as OverprintScreen));
      const { router, history } = await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.matches.at(-1)?.staticData.screenId).toBe(id);
      expect(history.location.pathname).toBe(`/groupins${path}`);
    },
  );

  it('sends an unknown path home', async () => {
    const { history } = await renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/groupins/'));
  });

  it('/back2Home forgets the flows in progress and goes home', async () => {
    sessionStorage.setItem('groupins.flow.shopcart', '{"value":"step2"}');
    sessionStorage.setItem('unrelated', 'kept');
    const { history } = await renderApp('/back2Home');
    await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' });
    expect(history.location.pathname).toBe('/groupins/');
    expect(sessionStorage.getItem('groupins.flow.shopcart')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('scrolls to the top and names the from-route and to-route on every navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    await renderApp('/');
    await screen.findByRole('heading', { level: 1, name: '團體保險，照顧每一位夥伴' });
    scrollTo.mockClear();
    await userEvent.click(screen.getAllByRole('link', { name: '保費試算' })[0]!);
    await screen.findByRole('heading', { level: 1, name: '保費試算：選擇保障' });
    expect(routeNames.get()).toEqual({ from: 'ODGAF000', to: 'ODGAF070' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('gives every screen one place in the layout: header navigation, main and footer', async () => {
    await renderApp('/question');
    await screen.findByRole('heading', { level: 1, name: '常見問題' });
    const nav = within(screen.getByRole('navigation', { name: '主選單' }));
    await userEvent.click(nav.getByRole('button', { name: '認識團保' }));
    expect(nav.getByRole('link', { name: '常見問題' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('申訴專線');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });
});
