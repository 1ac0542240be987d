import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import {
  ShopcartOracle,
  type ShopcartStimulus,
  type ShopcartView,
} from '../../machine-paths/shopcart/oracle';
import {
  applicantFields,
  planFields,
  rosterCsv,
  type ShopcartVisit,
  shopcartVisit,
  stepOfPath,
  viewAt,
} from '../../machine-paths/shopcart/page';
import {
  SAMPLE_APPLICANT,
  SAMPLE_CAPTCHA,
  SAMPLE_CARTS,
  SAMPLE_INVALID_APPLICANT,
  SAMPLE_INVALID_PLAN,
  SAMPLE_PLAN,
  SAMPLE_RESTART_TODAY,
  SAMPLE_ROSTER,
  SAMPLE_SUBMITTED,
} from '../../machine-paths/shopcart/samples';
import {
  accepted,
  answerLost,
  cartIs,
  confirmApplicant,
  confirmPlan,
  edit,
  found,
  lostAgain,
  notStored,
  open,
  recheck,
  refusedWith,
  restart,
  SHOPCART_CALLS,
  type ShopcartEvent,
  shopcartStart,
  shopcartStimuli,
  submit,
} from '../../machine-paths/shopcart/stimuli';
import type { ShopcartInput } from '../../machines/shopcart.context';
import { headingOf } from '../../src/domain/screens';
import { createCaptcha } from '../../src/server/captcha/captcha';
import { catalogueServer } from '../screens/catalogue-server';
import type { HeldNetwork } from '../support/api-calls';
import { domAgreement } from '../support/dom-agreement';
import { shopcartScreen } from '../support/flow-screens';
import { heldNetwork } from '../support/held-network';
import { ok, refused, type SentRequest, type ServerReply } from '../support/oracle';
import { answerCaptcha, asSentByOracle } from '../support/page-identifiers';
import { eventsOnPage, type FlowPage, pathOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { envelope } from '../support/render-app';
import { openPage } from '../support/visitor-page';
import { WalkStep } from '../support/walks';

const entry = machines.find((m) => m.id === 'shopcart')!;
const input = entry.input as ShopcartInput;

/** Types `value` in the control labelled `name` (a select picks it), or empties it for ''. */
async function fill(user: UserEvent, name: string, value: string) {
  const select = screen.queryByRole('combobox', { name });
  if (select) {
    await user.selectOptions(select, value);
    return;
  }
  const box = screen.getByRole('textbox', { name });
  await user.clear(box);
  if (value !== '') {
    await user.click(box);
    await user.paste(value);
  }
  await user.tab();
}

const button = (name: string | RegExp) => screen.findByRole('button', { name });

/** The rendered app with its shopcart flow: the visitor's forms, the address bar and the held network. */
function shopcartOnPage(visit: ShopcartVisit) {
  return ({
    network,
    user,
    open: address,
    at,
  }: Parameters<FlowPage<ShopcartStimulus, ShopcartView>['driver']>[0]): PathDriver<
    ShopcartStimulus,
    ShopcartView
  > => ({
    async act(s) {
      switch (s.kind) {
        case 'cart':
          // changed in another tab: the visitor comes back to this one
          visit.cart = s.cart;
          Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
          act(() => {
            document.dispatchEvent(new Event('visibilitychange'));
          });
          return;
        case 'confirmPlan':
          for (const [name, value] of planFields(s.plan, visit.cart)) await fill(user, name, value);
          await user.click(await button(/^(下一步|完成修改)/));
          return;
        case 'confirmApplicant': {
          for (const [name, value] of applicantFields(s.applicant, visit.cart)) await fill(user, name, value);
          const file = new File([rosterCsv(s.roster)], '名冊.csv', { type: 'text/csv' });
          await user.upload(screen.getByLabelText('上傳名冊檔案（CSV）'), file);
          await screen.findByText(/已讀取名冊|有 \d+ 處需要修正/);
          await user.click(await button(/^(下一步|完成修改)/));
          return;
        }
        case 'submit': {
          const consent = screen.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' });
          if (!(consent as HTMLInputElement).checked) await user.click(consent);
          if (s.captcha !== '') {
            await user.click(await screen.findByRole('checkbox', { name: '我不是機器人' }));
            await screen.findByText('驗證完成', {}, { timeout: 10_000 });
            visit.captchas.push(s.captcha);
          }
          await user.click(await button('送出申請'));
          return;
        }
        case 'open':
          await address(`/shopcart/STEP${s.step}`);
          return;
        case 'edit':
          await user.click(
            within(screen.getByRole('main')).getByRole('button', {
              name: s.step === 1 ? '修改投保內容' : '修改要保單位資料',
            }),
          );
          return;
        case 'startOver':
          visit.requestIds.push(s.requestId);
          vi.setSystemTime(new Date(`${s.today}T09:00:00+08:00`));
          await user.click(await button('申請其他保障'));
          return;
        case 'recheck':
          await user.click(await button('重新查詢'));
          return;
        case 'reply':
          await act(() => network.reply(s.call, s.reply));
      }
    },
    wait: async () => {},
    view: async () => viewAt(stepOfPath(at()), shopcartScreen() as ShopcartView),
    sent: (): SentRequest[] => asSentByOracle(network.sent(), SHOPCART_CALLS, visit),
  });
}

function shopcartPage(): FlowPage<ShopcartStimulus, ShopcartView> {
  let visit = shopcartVisit(input);
  const catalogue = catalogueServer();
  const captcha = createCaptcha({ hmacKey: 'jsdom shopcart', maxNumber: 1_000, expiresSeconds: 600 });
  return {
    machineId: entry.id,
    path: '/shopcart/STEP1',
    calls: SHOPCART_CALLS,
    agree: domAgreement((view) => view),
    answers: async (url, init) => {
      const verb = url.pathname.split('/').at(-1);
      if (verb === 'getCart') return envelope(visit.cart);
      if (verb === 'challenge') return envelope(answerCaptcha(visit, await captcha.challenge()));
      // the estimate is not the flow's: STEP1 says it cannot be had, and the flow goes on
      if (verb === 'estimate') return envelope(null, 1, '估算保費暫時無法提供');
      return catalogue(url, init);
    },
    driver: (page) => shopcartOnPage(visit)(page),
    before: () => {
      visit = shopcartVisit(input);
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(new Date(`${input.today}T09:00:00+08:00`));
    },
    after: () => {
      // the tab is closed: a walk's next run starts in a new one
      sessionStorage.clear();
      vi.restoreAllMocks();
      vi.useRealTimers();
      Reflect.deleteProperty(document, 'visibilityState');
    },
  };
}

const PAGE = shopcartPage();

describe('shopcart paths on the rendered app, against the shopcart oracle', () => {
  for (const path of flowPaths(entry))
    it(
      path.description,
      () => pathOnPage(PAGE, path, shopcartStimuli, new ShopcartOracle(shopcartStart(input))),
      60_000,
    );
});

// The rules as the visitor meets them on the page: each scenario is played on the rendered app and
// on the oracle, which must agree after every step.
const SCENARIOS: Array<[string, ShopcartEvent[]]> = [
  [
    'a form the schemas refuse does not go on, nor 送出申請 without the captcha',
    [
      confirmPlan(SAMPLE_INVALID_PLAN),
      confirmPlan(),
      confirmApplicant(SAMPLE_INVALID_APPLICANT),
      confirmApplicant(),
      submit(''),
    ],
  ],
  ['a deep link to STEP3 on a new application shows STEP1', [open(3), open(2)]],
  [
    'Back from STEP3 and Forward again keep the data, and the application is sent with it',
    [confirmPlan(), confirmApplicant(), open(2), open(1), open(3), submit(), accepted],
  ],
  [
    '修改 on STEP3 opens the step, and confirming it returns to STEP3',
    [confirmPlan(), confirmApplicant(), edit(1), confirmPlan(), edit(2), confirmApplicant()],
  ],
  [
    'a cart changed in another tab says so once on each step; emptied, it sends the visitor to STEP1',
    [confirmPlan(), cartIs('changed'), open(1), open(2), cartIs('empty'), cartIs('two'), open(3)],
  ],
  [
    'a salary item asks 平均月薪: the confirmed plan no longer holds, 上一步 shows STEP1',
    [confirmPlan(), confirmApplicant(), cartIs('salary'), open(2)],
  ],
  [
    'refused twice for the same reason, the captcha starts over each time and the third one is stored',
    [
      confirmPlan(),
      confirmApplicant(),
      submit(),
      refusedWith('驗證碼已失效，請重新驗證'),
      submit(''),
      submit(),
      refusedWith('驗證碼已失效，請重新驗證'),
      submit(),
      accepted,
    ],
  ],
  [
    'an answer lost, then the cart read empty: the server is asked, 重新查詢 after no answer finds the 受理編號',
    [
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      cartIs('empty'),
      lostAgain,
      open(1),
      recheck,
      found,
    ],
  ],
  [
    'an answer lost and the application never stored: STEP1 says so, and a new plan goes on',
    [
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      cartIs('empty'),
      notStored,
      cartIs('two'),
      confirmPlan(),
    ],
  ],
  [
    '申請其他保障 starts a new application with a new key',
    [
      confirmPlan(),
      confirmApplicant(),
      submit(),
      accepted,
      restart,
      open(3),
      confirmPlan(),
      confirmApplicant(),
      submit(),
    ],
  ],
];

describe('the issue’s scenarios on the rendered app, against the shopcart oracle', () => {
  for (const [name, events] of SCENARIOS)
    it(
      name,
      () => eventsOnPage(PAGE, events, shopcartStimuli, new ShopcartOracle(shopcartStart(input))),
      60_000,
    );
});

describe('a reload of the tab', () => {
  it('keeps the step, the confirmed plan and what was typed on STEP2', async () => {
    const network = heldNetwork(SHOPCART_CALLS, PAGE.answers);
    PAGE.before?.(false);
    const user = userEvent.setup();
    try {
      let page = await openPage('/shopcart/STEP1');
      for (const [name, value] of planFields(SAMPLE_PLAN, SAMPLE_CARTS.two)) await fill(user, name, value);
      await user.click(await button('下一步：填寫投保資料'));
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF041') });
      await fill(user, '要保單位名稱', SAMPLE_APPLICANT.companyName);
      await fill(user, '縣市', SAMPLE_APPLICANT.city);
      page.stop();
      cleanup();

      page = await openPage('/shopcart/STEP2');
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF041') });
      expect(screen.getByRole('textbox', { name: '要保單位名稱' })).toHaveValue(SAMPLE_APPLICANT.companyName);
      expect(screen.getByRole('combobox', { name: '縣市' })).toHaveValue(SAMPLE_APPLICANT.city);
      expect(screen.getByRole('textbox', { name: '投保人數' })).toHaveValue(String(SAMPLE_PLAN.headcount));
      // STEP1 shows the plan as confirmed
      await user.click(screen.getByRole('button', { name: '上一步' }));
      expect(await screen.findByRole('textbox', { name: '平均年齡' })).toHaveValue(
        String(SAMPLE_PLAN.averageAge),
      );
      page.stop();
    } finally {
      network.close();
      PAGE.after?.();
    }
  });
});

const STORAGE_KEY = 'groupins.flow.shopcart';
const stored = () => JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { value: string } | null;
const heading = (id: Parameters<typeof headingOf>[0]) =>
  screen.findByRole('heading', { level: 1, name: headingOf(id) });

/** The rendered app at `path` with the shopcart's fake server, its network held and its driver. */
async function onShopcartPage(
  path: string,
  body: (page: {
    driver: PathDriver<ShopcartStimulus, ShopcartView>;
    network: HeldNetwork;
    open: (path: string) => Promise<void>;
    reload: (path: string) => Promise<void>;
    at: () => string;
  }) => Promise<void>,
) {
  const network = heldNetwork(SHOPCART_CALLS, PAGE.answers);
  PAGE.before?.(false);
  let page = await openPage(path);
  try {
    await screen.findByRole('heading', { level: 1 });
    const open = (to: string) => act(async () => void page.history.push(`/groupins${to}`));
    const at = () => page.history.location.pathname.replace(/^\/groupins/, '');
    const driver = PAGE.driver({ network, user: userEvent.setup(), clock: new SimulatedClock(), at, open });
    const reload = async (to: string) => {
      page.stop();
      cleanup();
      page = await openPage(to);
      await screen.findByRole('heading', { level: 1 });
    };
    await body({ driver, network, open, reload, at });
  } finally {
    page.stop();
    cleanup();
    network.close();
    PAGE.after?.();
  }
}

const toStep3 = async (driver: PathDriver<ShopcartStimulus, ShopcartView>) => {
  await driver.act!({ kind: 'confirmPlan', plan: SAMPLE_PLAN });
  await heading('ODGAF041');
  await driver.act!({ kind: 'confirmApplicant', applicant: SAMPLE_APPLICANT, roster: SAMPLE_ROSTER });
  await heading('ODGAF042');
};
const submitted = (network: HeldNetwork) =>
  network
    .sent()
    .filter((r) => r.call === 'shopcart/submitApplication')
    .map((r) => r.body as { requestId: string });

describe('the tab’s application (its binding)', () => {
  const unfit: Array<[string, string]> = [
    ['not JSON', '{'],
    ['a state the machine does not have', JSON.stringify({ value: 'elsewhere', context: {} })],
  ];
  for (const [what, saved] of unfit)
    it(`a saved application that is ${what} is dropped: a deep link to STEP2 starts a new one on STEP1`, async () => {
      sessionStorage.setItem(STORAGE_KEY, saved);
      await onShopcartPage('/shopcart/STEP2', async () => {
        await heading('ODGAF040');
        expect(stored()?.value).toBe('cart');
      });
    });

  it('a reload while 送出申請 waits comes back on STEP3, not sending, and sends with the same key', async () => {
    await onShopcartPage('/shopcart/STEP1', async ({ driver, network, reload }) => {
      await toStep3(driver);
      await driver.act!({ kind: 'submit', captcha: SAMPLE_CAPTCHA });
      await waitFor(() => expect(submitted(network)).toHaveLength(1));
      // the page says it is working while the application is sent
      expect(await screen.findByText('處理中，請稍候…')).toBeInTheDocument();
      // what the tab keeps is STEP3 knowing the application went out unanswered
      expect(stored()?.value).toEqual({ review: 'unanswered' });

      await reload('/shopcart/STEP3');
      await heading('ODGAF042');
      expect(screen.getByRole('button', { name: '送出申請' })).not.toHaveAttribute('aria-disabled');
      await userEvent.setup().click(screen.getByRole('checkbox', { name: '我已閱讀並同意個人資料告知事項' }));
      await userEvent.setup().click(await screen.findByRole('checkbox', { name: '我不是機器人' }));
      await screen.findByRole('checkbox', { name: '驗證完成' }, { timeout: 10_000 });
      await userEvent.setup().click(screen.getByRole('button', { name: '送出申請' }));
      await waitFor(() => expect(submitted(network)).toHaveLength(2));
      const [first, again] = submitted(network);
      expect(again!.requestId).toBe(first!.requestId);
    });
  });

  const cartReads: Array<[string, ServerReply, 'ready' | 'loadFailed']> = [
    ['is answered later', ok(SAMPLE_CARTS.two), 'ready'],
    ['cannot be read', 'network-error', 'loadFailed'],
  ];
  for (const [what, reply, cartState] of cartReads)
    it(`a reload on STEP2 whose cart ${what} stays on STEP2: the cart's empty stand-in does not send the visitor to STEP1`, async () => {
      let tab: Array<[string, string]> = [];
      await onShopcartPage('/shopcart/STEP1', async ({ driver }) => {
        await driver.act!({ kind: 'confirmPlan', plan: SAMPLE_PLAN });
        await heading('ODGAF041');
        tab = Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)!]);
      });
      // the same tab again, its cart answered only later
      for (const [key, value] of tab) sessionStorage.setItem(key, value);
      const network = heldNetwork([...SHOPCART_CALLS, 'getCart'], PAGE.answers);
      PAGE.before?.(false);
      const page = await openPage('/shopcart/STEP2');
      try {
        await heading('ODGAF041');
        await act(() => network.reply('getCart', reply));
        await waitFor(() => expect(page.actors.cart.getSnapshot().value).toBe(cartState));
        expect(stored()?.value).toBe('details');
        expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headingOf('ODGAF041'));
      } finally {
        page.stop();
        cleanup();
        network.close();
        PAGE.after?.();
      }
    });

  it('the STEP4 address of an application not yet sent shows STEP3, where its data allows the visitor', async () => {
    await onShopcartPage('/shopcart/STEP1', async ({ driver, open, at }) => {
      await toStep3(driver);
      await open('/shopcart/STEP4');
      await heading('ODGAF042');
      await waitFor(() => expect(at()).toBe('/shopcart/STEP3'));
      expect(stored()?.value).toEqual({ review: 'answered' });
    });
  });

  it('/back2Home forgets the application and what was typed: STEP2 is no longer granted', async () => {
    await onShopcartPage('/shopcart/STEP1', async ({ driver, open }) => {
      await driver.act!({ kind: 'confirmPlan', plan: SAMPLE_PLAN });
      await heading('ODGAF041');
      await fill(userEvent.setup(), '要保單位名稱', SAMPLE_APPLICANT.companyName);
      await open('/back2Home');
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF000') });
      expect(Object.keys(sessionStorage).filter((k) => k.startsWith('groupins.flow.'))).toEqual([]);
      await open('/shopcart/STEP2');
      await heading('ODGAF040');
      expect(screen.getByRole('textbox', { name: '投保人數' })).toHaveValue('');
    });
  });

  it('a stored application reads the cart again, and 申請其他保障 starts with empty forms', async () => {
    await onShopcartPage('/shopcart/STEP1', async ({ driver, network }) => {
      await toStep3(driver);
      await driver.act!({ kind: 'submit', captcha: SAMPLE_CAPTCHA });
      const readsBefore = network.sent().filter((r) => r.call === 'getCart').length;
      await driver.act!({ kind: 'reply', call: 'shopcart/submitApplication', reply: ok(SAMPLE_SUBMITTED) });
      await heading('ODGAF043');
      // the server emptied the cart with the application: the page asks for it again
      await waitFor(() =>
        expect(network.sent().filter((r) => r.call === 'getCart').length).toBeGreaterThan(readsBefore),
      );
      await userEvent.setup().click(screen.getByRole('button', { name: '申請其他保障' }));
      await heading('ODGAF040');
      expect(screen.getByRole('textbox', { name: '投保人數' })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: '平均年齡' })).toHaveValue('');
    });
  });
});

type Step = WalkStep<ShopcartOracle, ShopcartStimulus, ShopcartView>;
const step = (
  label: string,
  possible: (o: ShopcartOracle) => boolean,
  stimulus: (o: ShopcartOracle) => ShopcartStimulus,
): Step => new WalkStep(label, possible, stimulus);
const on = (o: ShopcartOracle, n: number) => o.view().step === n && !o.view().busy;

/** The call the page waits on (the submit, or whether a lost submit was stored) answered. */
const reply = (label: string, answer: ServerReply): Step =>
  step(
    `the awaited call ← ${label}`,
    (o) => o.awaiting !== null,
    (o) => ({ kind: 'reply', call: o.awaiting!, reply: answer }),
  );

const SHOPCART_WALK: fc.Arbitrary<Step>[] = [
  fc.constantFrom(SAMPLE_PLAN, SAMPLE_INVALID_PLAN).map((plan) =>
    step(
      'STEP1 下一步',
      (o) => on(o, 1) && o.formsShown,
      () => ({ kind: 'confirmPlan', plan }),
    ),
  ),
  fc.constantFrom(SAMPLE_APPLICANT, SAMPLE_INVALID_APPLICANT).map((applicant) =>
    step(
      'STEP2 下一步',
      (o) => on(o, 2),
      () => ({ kind: 'confirmApplicant', applicant, roster: SAMPLE_ROSTER }),
    ),
  ),
  fc.constantFrom(SAMPLE_CAPTCHA, '').map((captcha) =>
    step(
      captcha ? '送出申請' : '送出申請 without the captcha',
      (o) => on(o, 3),
      () => ({ kind: 'submit', captcha }),
    ),
  ),
  fc.constantFrom<1 | 2 | 3>(1, 2, 3).map((n) =>
    step(
      `address STEP${n}`,
      () => true,
      () => ({ kind: 'open', step: n }),
    ),
  ),
  fc.constantFrom<1 | 2>(1, 2).map((n) =>
    step(
      `修改 STEP${n}`,
      (o) => on(o, 3),
      () => ({ kind: 'edit', step: n }),
    ),
  ),
  fc.constantFrom(...(Object.keys(SAMPLE_CARTS) as Array<keyof typeof SAMPLE_CARTS>)).map((name) =>
    step(
      `another tab: cart ${name}`,
      () => true,
      () => ({ kind: 'cart', cart: SAMPLE_CARTS[name] }),
    ),
  ),
  fc.constant(reply('stored', ok(SAMPLE_SUBMITTED))),
  fc.constant(reply('refused', refused(null, '驗證碼錯誤，請重新驗證'))),
  fc.constant(reply('network down', 'network-error')),
  fc.uuid({ version: 4 }).map((requestId) =>
    step(
      '申請其他保障',
      (o) => on(o, 4),
      () => ({ kind: 'startOver', requestId, today: SAMPLE_RESTART_TODAY }),
    ),
  ),
];

describe('random walks of a visitor on the rendered app, against the shopcart oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () =>
      walksOnPage(PAGE, SHOPCART_WALK, () => new ShopcartOracle(shopcartStart(input)), {
        maxCommands: 30,
        numRuns: 12,
      }),
    300_000,
  );
});
