import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, waitFor as xstateWaitFor } from 'xstate';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { Cover, TryoutStimulus, TryoutView } from '../../machine-paths/tryout/oracle';
import { TryoutOracle } from '../../machine-paths/tryout/oracle';
import {
  SAMPLE_COVERS,
  SAMPLE_GROUP,
  SAMPLE_LARGE_GROUP,
  SAMPLE_QUOTE,
  SAMPLE_SALARY_GROUP,
  SAMPLE_TRYOUT_RESTART_TODAY,
  SAMPLE_TRYOUT_TODAY,
} from '../../machine-paths/tryout/samples';
import {
  addedToCart,
  chooseCover,
  describeGroup,
  openStep,
  quoted,
  quoteRefused,
  retry,
  startOver,
  TRYOUT_CALLS,
  type TryoutEvent,
  tryoutStimuli,
} from '../../machine-paths/tryout/stimuli';
import { contactQuoteSchema } from '../../src/domain/api/contact';
import type { TryoutGroup } from '../../src/domain/api/tryout';
import { AGE_BANDS } from '../../src/domain/api/tryout';
import { buildCartItem, SOURCE_CODES } from '../../src/domain/cart-item';
import { headingOf } from '../../src/domain/screens';
import { catalogueServer } from '../screens/catalogue-server';
import { domAgreement } from '../support/dom-agreement';
import { tryoutScreen } from '../support/flow-screens';
import { heldNetwork } from '../support/held-network';
import { ok, refused, type ServerReply } from '../support/oracle';
import { eventsOnPage, type FlowPage, pathOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { typeInto } from '../support/typing';
import { openPage } from '../support/visitor-page';
import { WalkStep } from '../support/walks';

// The premium trial on the rendered app (jsdom), with only the network controlled: the machine's
// generated paths and the scenarios, each against the tryout oracle after every step.

const entry = machines.find((m) => m.id === 'tryout')!;

const button = (name: string | RegExp) => screen.findByRole('button', { name });

/** STEP1: picks the cover's package, or ticks exactly its cells at their amounts. */
async function chooseOnPage(user: UserEvent, cover: Cover) {
  const choice = (cover as Cover & { choice: { kind: string } }).choice as
    | { kind: 'package'; packId: string }
    | { kind: 'cells'; cells: Array<{ prodId: string; choice: number }> };
  if (choice.kind === 'package') {
    await user.click(await screen.findByRole('radio', { name: '選擇方案（保障已搭配好）' }));
    await user.click(screen.getByRole('radio', { name: new RegExp(`^${cover.pkg.PACK_NAME}：`) }));
  } else {
    await user.click(await screen.findByRole('radio', { name: '自選單項保障與保額' }));
    const cells = within(screen.getByRole('group', { name: '單項保障' }));
    const wanted = new Map(cover.pkg.PROD_LIST.map((line, i) => [line.PROD_ID, choice.cells[i]!.choice]));
    for (const box of cells.getAllByRole('checkbox')) {
      const name = box.getAttribute('name') ?? '';
      const prodId = /^cells\.(\w+)\.on$/.exec(name)?.[1] ?? '';
      if ((box as HTMLInputElement).checked !== wanted.has(prodId)) await user.click(box);
    }
    for (const [prodId, value] of wanted) {
      const select = cells
        .getAllByRole('combobox')
        .find((s) => s.getAttribute('name') === `cells.${prodId}.choice`)!;
      await user.selectOptions(select, String(value));
    }
  }
  await user.click(await button('下一步：填寫團體資料'));
}

/** STEP2: fills the group's fields as the sample gives them and clicks 試算保費. */
async function describeOnPage(user: UserEvent, group: TryoutGroup) {
  await typeInto(user, '投保人數', String(group.headcount));
  await user.selectOptions(screen.getByRole('combobox', { name: '職業類別' }), String(group.occupationClass));
  if (group.ageBasis === 'average') {
    await user.click(screen.getByRole('radio', { name: '平均年齡' }));
    await typeInto(user, '平均年齡', String(group.averageAge));
  } else {
    await user.click(screen.getByRole('radio', { name: '各年齡層人數（較準確）' }));
    const bands = screen.getByRole('group', { name: '各年齡層人數' });
    for (const band of AGE_BANDS) {
      const box = within(bands)
        .queryAllByRole('textbox')
        .find((b) => b.getAttribute('name') === `ageBands.${band.key}`);
      if (!box) continue;
      await typeInto(
        user,
        box.getAttribute('aria-label') ?? labelOf(box),
        String(group.ageBands?.[band.key] ?? ''),
      );
    }
  }
  const salary = screen.queryByRole('group', { name: '月薪填寫方式' });
  if (salary && group.salaryBasis === 'grade') {
    await user.click(within(salary).getByRole('radio', { name: '選擇勞保投保薪資級距' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '月投保薪資' }), String(group.salaryGrade));
  }
  await user.click(await button('試算保費'));
}

const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';

const stepOfPath = (path: string) => Number(/\/tryout\/STEP([1-3])$/.exec(path)?.[1] ?? 0);

function tryoutPage(): FlowPage<TryoutStimulus, TryoutView> {
  return {
    machineId: entry.id,
    path: '/tryout/STEP1',
    calls: TRYOUT_CALLS,
    agree: domAgreement((view) => view),
    answers: catalogueServer(),
    driver: ({ network, user, open, at }): PathDriver<TryoutStimulus, TryoutView> => ({
      async act(s) {
        switch (s.kind) {
          case 'confirmCover':
            await chooseOnPage(user, s.cover);
            return;
          case 'confirmGroup':
            await describeOnPage(user, s.group as TryoutGroup);
            return;
          case 'retry':
            await user.click(await button('再試一次'));
            return;
          case 'added':
            await user.click(await button('加入購物車'));
            await within(screen.getByRole('main')).findByText(/^已將「/);
            return;
          case 'open':
            await open(`/tryout/STEP${s.step}`);
            return;
          case 'startOver':
            vi.setSystemTime(new Date(`${s.today}T09:00:00+08:00`));
            await user.click(await button('重新試算'));
            return;
          case 'reply':
            await act(() => network.reply(s.call, s.reply));
        }
      },
      wait: async () => {},
      view: async () => {
        const view = tryoutScreen() as TryoutView;
        const step = stepOfPath(at());
        return step === view.step ? view : { ...view, step: `the address says STEP${step}` as never };
      },
      sent: () => network.sent().filter((r) => r.call === 'tryout/quote'),
    }),
    before: () => {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(new Date(`${SAMPLE_TRYOUT_TODAY}T09:00:00+08:00`));
    },
    after: () => {
      // the tab is closed: the next run starts in a new one
      sessionStorage.clear();
      vi.useRealTimers();
    },
  };
}

const PAGE = tryoutPage();
const oracle = () => new TryoutOracle(SAMPLE_TRYOUT_TODAY);

describe('tryout paths on the rendered app, against the tryout oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () => pathOnPage(PAGE, path, tryoutStimuli, oracle()), 60_000);
});

const SCENARIOS: Array<[string, TryoutEvent[]]> = [
  [
    'the worked example: 基本型 for 10 people aged 30–39 shows 2,290 a person, 21,755 a year, 1,914 a month, and goes into the cart',
    [chooseCover(), describeGroup(), quoted(), addedToCart, openStep(2), openStep(3)],
  ],
  [
    'a rider alone does not go on; 50 people are quoted by a person',
    [chooseCover('riderAlone'), chooseCover(), describeGroup(SAMPLE_LARGE_GROUP)],
  ],
  [
    'a salary cover asks the salary; a failed quote is asked again; 重新試算 starts over',
    [
      chooseCover('workInjury'),
      describeGroup(),
      describeGroup(SAMPLE_SALARY_GROUP),
      quoteRefused('系統忙碌中，請稍後再試'),
      retry,
      quoted(),
      startOver,
      openStep(3),
    ],
  ],
];

describe('the issue’s scenarios on the rendered app, against the tryout oracle', () => {
  for (const [name, events] of SCENARIOS)
    it(name, () => eventsOnPage(PAGE, events, tryoutStimuli, oracle()), 60_000);
});

type Step = WalkStep<TryoutOracle, TryoutStimulus, TryoutView>;
const step = (label: string, possible: (o: TryoutOracle) => boolean, stimulus: () => TryoutStimulus): Step =>
  new WalkStep(label, possible, stimulus);
const on = (o: TryoutOracle, n: number) => o.view().step === n && !o.view().busy;

/**
 * A group as a visitor might type it: 3 to 60 people (too few, online, negotiated), any class, ages as one
 * band holding everyone or one short of them, or an average age inside or outside the join ages, and a
 * grade of the labor-insurance table (the salary is always chosen, so a form coming back with an earlier
 * choice holds what the group says; the select offers nothing else).
 */
const walkGroup: fc.Arbitrary<TryoutGroup> = fc
  .record({
    headcount: fc.integer({ min: 3, max: 60 }),
    occupationClass: fc.constantFrom('1', '2', '3', '4', '5', '6'),
    average: fc.boolean(),
    averageAge: fc.integer({ min: 12, max: 70 }),
    band: fc.constantFrom(...AGE_BANDS.map((b) => b.key)),
    short: fc.boolean(),
    salaryGrade: fc.constantFrom(29_500, 36_300, 45_800),
  })
  .map((g) => ({
    headcount: g.headcount,
    occupationClass: g.occupationClass as TryoutGroup['occupationClass'],
    ...(g.average
      ? { ageBasis: 'average' as const, averageAge: g.averageAge }
      : { ageBasis: 'bands' as const, ageBands: { [g.band]: g.headcount - (g.short ? 1 : 0) } }),
    salaryBasis: 'grade',
    salaryGrade: g.salaryGrade,
  }));

const reply = (label: string, answer: ServerReply): Step =>
  step(
    `quote ← ${label}`,
    (o) => o.view().busy,
    () => ({ kind: 'reply', call: 'tryout/quote', reply: answer }),
  );

const TRYOUT_WALK: fc.Arbitrary<Step>[] = [
  fc.constantFrom(...(Object.keys(SAMPLE_COVERS) as Array<keyof typeof SAMPLE_COVERS>)).map((name) =>
    step(
      `STEP1 ${name} 下一步`,
      (o) => on(o, 1),
      () => ({ kind: 'confirmCover', cover: SAMPLE_COVERS[name] }),
    ),
  ),
  walkGroup.map((group) =>
    step(
      `STEP2 ${JSON.stringify(group)} 試算保費`,
      (o) => on(o, 2),
      () => ({ kind: 'confirmGroup', group }),
    ),
  ),
  fc.constantFrom<1 | 2 | 3>(1, 2, 3).map((n) =>
    step(
      `address STEP${n}`,
      () => true,
      () => ({ kind: 'open', step: n }),
    ),
  ),
  fc.constant(
    step(
      '再試一次',
      (o) => on(o, 3) && o.view().result?.kind === 'failed',
      () => ({ kind: 'retry' }),
    ),
  ),
  fc.constant(
    step(
      '加入購物車',
      (o) => on(o, 3) && o.view().result?.kind === 'quoted' && !o.view().added,
      () => ({ kind: 'added' }),
    ),
  ),
  fc.constant(
    step(
      '重新試算',
      (o) => on(o, 3),
      () => ({ kind: 'startOver', today: SAMPLE_TRYOUT_RESTART_TODAY }),
    ),
  ),
  fc.constant(reply('quoted', ok(SAMPLE_QUOTE))),
  fc.constant(reply('refused', refused(null, '系統忙碌中，請稍後再試'))),
  fc.constant(reply('network down', 'network-error')),
];

describe('random walks of a visitor on the rendered app, against the tryout oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () => walksOnPage(PAGE, TRYOUT_WALK, () => oracle(), { maxCommands: 20, numRuns: 10 }),
    300_000,
  );
});

const heading = (id: Parameters<typeof headingOf>[0]) =>
  screen.findByRole('heading', { level: 1, name: headingOf(id) });

/** The rendered app at `path` with the trial's fake server and its quote held, the page's actors and driver. */
async function onTryoutPage(
  path: string,
  body: (page: {
    driver: PathDriver<TryoutStimulus, TryoutView>;
    actors: Awaited<ReturnType<typeof openPage>>['actors'];
    open: (path: string) => Promise<void>;
  }) => Promise<void>,
  day = SAMPLE_TRYOUT_TODAY,
) {
  const network = heldNetwork(TRYOUT_CALLS, PAGE.answers);
  PAGE.before?.(false);
  vi.setSystemTime(new Date(`${day}T09:00:00+08:00`));
  const page = await openPage(path);
  try {
    await screen.findByRole('heading', { level: 1 });
    const open = (to: string) => act(async () => void page.history.push(`/groupins${to}`));
    const at = () => page.history.location.pathname.replace(/^\/groupins/, '');
    const driver = PAGE.driver({ network, user: userEvent.setup(), clock: new SimulatedClock(), at, open });
    await body({ driver, actors: page.actors, open });
  } finally {
    page.stop();
    cleanup();
    network.close();
    PAGE.after?.();
  }
}

describe('the tab’s trial (its binding)', () => {
  it('/back2Home forgets the trial; the next one starts on STEP1 and goes on', async () => {
    await onTryoutPage('/tryout/STEP1', async ({ driver, open }) => {
      await driver.act!({ kind: 'confirmCover', cover: SAMPLE_COVERS.basic });
      await heading('ODGAF071');
      await open('/back2Home');
      await heading('ODGAF000');
      expect(Object.keys(sessionStorage).filter((k) => k.startsWith('groupins.flow.tryout'))).toEqual([]);
      await open('/tryout/STEP2');
      await heading('ODGAF070');
      await driver.act!({ kind: 'confirmCover', cover: SAMPLE_COVERS.lifeOnly });
      await heading('ODGAF071');
    });
  });

  it('says added only for the quoted item: another item the tab puts in the cart is not it', async () => {
    await onTryoutPage('/tryout/STEP1', async ({ driver, actors }) => {
      // the cart takes an item while the trial has no cover yet
      await act(async () => {
        actors.cart.send({ type: 'cart.add', pkg: SAMPLE_COVERS.lifeOnly.pkg, source: 'CELL' });
        await xstateWaitFor(actors.cart, (s) => s.matches('ready'));
      });
      await driver.act!({ kind: 'confirmCover', cover: SAMPLE_COVERS.basic });
      await driver.act!({ kind: 'confirmGroup', group: SAMPLE_GROUP });
      await driver.act!({ kind: 'reply', call: 'tryout/quote', reply: ok(SAMPLE_QUOTE) });
      await screen.findByRole('table', { name: /人團體保費/ });
      await act(async () => {
        actors.cart.send({ type: 'cart.add', pkg: SAMPLE_COVERS.lifeOnly.pkg, source: 'CELL' });
        await xstateWaitFor(actors.cart, (s) => s.matches('ready'));
      });
      expect(tryoutScreen().added).toBe(false);
      await userEvent.setup().click(screen.getByRole('button', { name: '加入購物車' }));
      await waitFor(() => expect(tryoutScreen().added).toBe(true));
    });
  });

  it('sends 請洽專人報價 to the contact form with the cover chosen as its cart item and the head count', async () => {
    await onTryoutPage('/tryout/STEP1', async ({ driver }) => {
      await driver.act!({ kind: 'confirmCover', cover: SAMPLE_COVERS.basic });
      await driver.act!({ kind: 'confirmGroup', group: SAMPLE_LARGE_GROUP });
      const link = await screen.findByRole('link', { name: '聯絡我們，請專人報價' });
      const search = new URLSearchParams(new URL(link.getAttribute('href')!, 'http://site').search);
      const quote = { item: JSON.parse(search.get('item')!), headcount: Number(search.get('headcount')) };
      expect(quote).toEqual({
        item: buildCartItem(SAMPLE_COVERS.basic.pkg, SOURCE_CODES.package, ''),
        headcount: 50,
      });
      expect(contactQuoteSchema.isValidSync(quote)).toBe(true);
    });
  });

  it('offers the labor-insurance grades of the table in force on the day the trial starts', async () => {
    await onTryoutPage(
      '/tryout/STEP1',
      async ({ driver }) => {
        await driver.act!({ kind: 'confirmCover', cover: SAMPLE_COVERS.workInjury });
        await heading('ODGAF071');
        await userEvent.setup().click(screen.getByRole('radio', { name: '選擇勞保投保薪資級距' }));
        // 28,590 is 2025's lowest grade; 2026's starts at 29,500
        const grades = within(screen.getByRole('combobox', { name: '月投保薪資' }))
          .getAllByRole('option')
          .map((o) => o.textContent);
        expect(grades.slice(0, 3)).toEqual(['請選擇', '2.859萬', '2.88萬']);
      },
      '2025-12-31',
    );
  });
});
