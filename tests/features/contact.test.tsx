import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { ContactOracle, type ContactStimulus, type ContactView } from '../../machine-paths/contact/oracle';
import { contactFields } from '../../machine-paths/contact/page';
import {
  SAMPLE_CONTACT_CAPTCHA,
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_CONTACT_RECEIPT,
  SAMPLE_CONTACT_REQUEST_ID,
  SAMPLE_QUOTE_REQUEST,
  SAMPLE_UNREACHABLE_CONTACT_MESSAGE,
} from '../../machine-paths/contact/samples';
import {
  CONTACT_CALLS,
  type ContactEvent,
  contactStimuli,
  received,
  refusedWith,
  send,
  writeAgain,
} from '../../machine-paths/contact/stimuli';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { ContactMessage } from '../../src/domain/api/contact';
import { headingOf } from '../../src/domain/screens';
import { FLOW_STORAGE_PREFIX } from '../../src/lib/flow-storage';
import { createCaptcha } from '../../src/server/captcha/captcha';
import { catalogueServer } from '../screens/catalogue-server';
import { domAgreement } from '../support/dom-agreement';
import { contactScreen } from '../support/flow-screens';
import { heldNetwork } from '../support/held-network';
import { ok, refused } from '../support/oracle';
import { answerCaptcha, asSentByOracle, type PageVisit, pageVisit } from '../support/page-identifiers';
import { eventsOnPage, type FlowPage, pathOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { envelope } from '../support/render-app';
import { typeInto } from '../support/typing';
import { openPage } from '../support/visitor-page';
import { WalkStep } from '../support/walks';

// The contact form on the rendered app (jsdom), with only the network controlled: the machine's generated
// paths, the scenarios and random walks, each against the contact oracle after every step.

const entry = machines.find((m) => m.id === 'contact')!;

const button = (name: string | RegExp) => screen.findByRole('button', { name });

/** The form filled with `message`, the widget solved unless `captcha` is '' (or solved already), 送出留言. */
async function sendOnPage(user: UserEvent, message: ContactMessage, captcha: string, visit: PageVisit) {
  for (const [label, value] of contactFields(message)) await typeInto(user, label, value);
  await user.selectOptions(await screen.findByRole('combobox', { name: '洽詢主題' }), message.topic);
  const consent = (await screen.findByRole('checkbox', { name: /個人資料蒐集告知事項/ })) as HTMLInputElement;
  if (consent.checked !== message.consent) await user.click(consent);
  if (captcha !== '' && !screen.queryByText('驗證完成')) {
    await user.click(await screen.findByRole('checkbox', { name: '我不是機器人' }));
    await screen.findByText('驗證完成', {}, { timeout: 10_000 });
    visit.captchas.push(captcha);
  }
  await user.click(await button('送出留言'));
}

function contactPage(): FlowPage<ContactStimulus, ContactView> {
  let visit = pageVisit(SAMPLE_CONTACT_REQUEST_ID);
  const catalogue = catalogueServer();
  const captcha = createCaptcha({ hmacKey: 'jsdom contact', maxNumber: 1_000, expiresSeconds: 600 });
  return {
    machineId: entry.id,
    path: '/contact',
    calls: CONTACT_CALLS,
    agree: domAgreement((view) => view),
    answers: async (url, init) => {
      if (url.pathname.endsWith('/captcha/challenge'))
        return envelope(answerCaptcha(visit, (await captcha.challenge()) as { signature?: string }));
      return catalogue(url, init);
    },
    driver: ({ network, user }): PathDriver<ContactStimulus, ContactView> => ({
      async act(s) {
        switch (s.kind) {
          case 'send':
            await sendOnPage(user, s.message as ContactMessage, s.captcha, visit);
            return;
          case 'writeAgain':
            visit.requestIds.push(s.requestId);
            await user.click(await button('再留一則訊息'));
            return;
          case 'reply':
            await act(() => network.reply(s.call, s.reply));
        }
      },
      wait: async () => {},
      view: async () => contactScreen() as ContactView,
      sent: () => asSentByOracle(network.sent(), CONTACT_CALLS, visit),
    }),
    before: () => {
      visit = pageVisit(SAMPLE_CONTACT_REQUEST_ID);
    },
    after: () => sessionStorage.clear(),
  };
}

const PAGE = contactPage();
const oracle = () => new ContactOracle(SAMPLE_CONTACT_REQUEST_ID);

describe('contact paths on the rendered app, against the contact oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () => pathOnPage(PAGE, path, contactStimuli, oracle()), 60_000);
});

const CAPTCHA_WRONG = '驗證碼錯誤';
const NO_EMAIL = { ...SAMPLE_CONTACT_MESSAGE, email: 'hr@' };
const LANDLINE_ONLY = {
  ...SAMPLE_CONTACT_MESSAGE,
  mobile: undefined,
  phone: '02-2345-6789',
  phoneExt: '301',
};

const SCENARIOS: Array<[string, ContactEvent[]]> = [
  [
    'a message the shared rules refuse or without the captcha is not sent; a refused one is sent again under the same key',
    [
      send(SAMPLE_UNREACHABLE_CONTACT_MESSAGE, ''),
      send(NO_EMAIL, ''),
      send(SAMPLE_CONTACT_MESSAGE, ''),
      send(),
      refusedWith(CAPTCHA_WRONG),
      send(LANDLINE_ONLY),
      received(),
    ],
  ],
  [
    'after 再留一則訊息 a second message goes under a new key',
    [send(), received(), writeAgain(), send(LANDLINE_ONLY), refusedWith(''), send(LANDLINE_ONLY), received()],
  ],
];

describe('the issue’s scenarios on the rendered app, against the contact oracle', () => {
  for (const [name, events] of SCENARIOS)
    it(name, () => eventsOnPage(PAGE, events, contactStimuli, oracle()), 60_000);
});

type Step = WalkStep<ContactOracle, ContactStimulus, ContactView>;
const step = (
  label: string,
  possible: (o: ContactOracle) => boolean,
  stimulus: () => ContactStimulus,
): Step => new WalkStep(label, possible, stimulus);
const onForm = (o: ContactOracle) => o.view().phase === 'form' && !o.view().busy;

const CONTACT_WALK: fc.Arbitrary<Step>[] = [
  // a message the rules refuse is sent without solving the widget: a solved one would stay for the next
  fc
    .constantFrom<[ContactMessage, string]>(
      [SAMPLE_CONTACT_MESSAGE, SAMPLE_CONTACT_CAPTCHA],
      [SAMPLE_CONTACT_MESSAGE, ''],
      [LANDLINE_ONLY, SAMPLE_CONTACT_CAPTCHA],
      [SAMPLE_UNREACHABLE_CONTACT_MESSAGE, ''],
      [NO_EMAIL, ''],
    )
    .map(([message, captcha]) =>
      step(
        `送出留言 ${message.mobile ?? message.phone ?? 'no phone'} ${message.email}${captcha ? '' : ' unsolved'}`,
        onForm,
        () => ({ kind: 'send', message, captcha }),
      ),
    ),
  fc.uuid({ version: 4 }).map((requestId) =>
    step(
      '再留一則訊息',
      (o) => o.view().phase === 'sent',
      () => ({ kind: 'writeAgain', requestId }),
    ),
  ),
  ...[
    ok(SAMPLE_CONTACT_RECEIPT),
    refused(null, CAPTCHA_WRONG, 400),
    refused(null, '留言已達上限，請稍後再試', 429),
    'network-error' as const,
  ].map((reply) =>
    fc.constant(
      step(
        `contact/submit ← ${reply === 'network-error' ? 'network down' : reply.returnCode === 0 ? 'ok' : 'refused'}`,
        (o) => o.view().busy,
        () => ({ kind: 'reply', call: 'contact/submit', reply }),
      ),
    ),
  ),
];

describe('random walks of a visitor on the rendered app, against the contact oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () => walksOnPage(PAGE, CONTACT_WALK, oracle, { maxCommands: 12, numRuns: 8 }),
    300_000,
  );
});

/** The rendered app at /contact (with `search`) with the contact call held, and the page's driver. */
async function onContactPage(
  search: string,
  body: (page: {
    driver: PathDriver<ContactStimulus, ContactView>;
    user: UserEvent;
    open: (path: string) => Promise<void>;
  }) => Promise<void>,
) {
  const network = heldNetwork(CONTACT_CALLS, PAGE.answers);
  PAGE.before?.(false);
  const page = await openPage(`/contact${search}`);
  try {
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    const open = (to: string) => act(async () => void page.history.push(`/groupins${to}`));
    const driver = PAGE.driver({
      network,
      user,
      clock: new SimulatedClock(),
      at: () => page.history.location.pathname,
      open,
    });
    await body({ driver, user, open });
  } finally {
    page.stop();
    cleanup();
    network.close();
    PAGE.after?.();
  }
}

const field = (name: string) => screen.findByRole('textbox', { name });

describe('the contact form (its binding)', () => {
  it('checks each field on blur with the shared rules, in Traditional Chinese', async () => {
    await onContactPage('', async ({ user }) => {
      await typeInto(user, '姓名', '');
      await screen.findByText('姓名不可為空白');
      await typeInto(user, '統一編號', '12345678');
      await screen.findByText('請輸入正確的統一編號');
      await typeInto(user, '手機號碼', '');
      await screen.findByText('手機號碼與市話請至少填寫一項');
      await typeInto(user, '市話', '02-2345-6789');
      await typeInto(user, '手機號碼', '');
      await waitFor(() => expect(screen.queryByText('手機號碼與市話請至少填寫一項')).toBeNull());
      await typeInto(user, '電子郵件', 'hr@');
      await screen.findByText('請輸入正確的電子郵件地址');
    });
  });

  it('counts 內容 double for Chinese as it is typed, and refuses more than 1000 on blur', async () => {
    await onContactPage('', async ({ user }) => {
      const content = await field('內容');
      await user.click(content);
      await user.paste('團保 ok');
      expect(screen.getByText(/^已輸入 7／1000/)).toBeInTheDocument();
      await user.clear(content);
      await user.paste('保'.repeat(501));
      expect(screen.getByText(/^已輸入 1002／1000/)).toHaveClass('over');
      await user.tab();
      await screen.findByText('內容長度限制為1000');
    });
  });

  it('starts from the tryout’s 請洽專人報價: the topic chosen and what was priced in the message', async () => {
    await onContactPage('?topic=quote&cover=%E5%9F%BA%E6%9C%AC%E5%9E%8B&headcount=80', async () => {
      expect(await screen.findByRole('combobox', { name: '洽詢主題' })).toHaveValue('quote');
      expect(await field('內容')).toHaveValue(
        '我在保費試算中選擇了「基本型」，投保人數 80 人，想請專人提供報價。',
      );
    });
  });

  it('sends the tryout’s 請洽專人報價 with the cover priced and the head count while the topic stays 報價', async () => {
    const { item, headcount } = SAMPLE_QUOTE_REQUEST.quote!;
    const search = `?${new URLSearchParams({ topic: 'quote', cover: '基本型', headcount: String(headcount), item: JSON.stringify(item) })}`;
    const sentMessages = async (message: ContactMessage) => {
      let sent: unknown[] = [];
      await onContactPage(search, async ({ driver }) => {
        await driver.act!({ kind: 'send', message, captcha: SAMPLE_CONTACT_CAPTCHA });
        await waitFor(() => expect(driver.sent()).toHaveLength(1));
        sent = driver.sent().map((s) => (s.body as { message: { quote?: unknown } }).message.quote);
      });
      return sent;
    };
    expect(await sentMessages(SAMPLE_CONTACT_MESSAGE)).toEqual([{ item, headcount: 80 }]);
    // the visitor made it another question: no quote request
    expect(await sentMessages({ ...SAMPLE_CONTACT_MESSAGE, topic: 'product' })).toEqual([undefined]);
  });

  it('sends no quote when the address carries a cover the shared rules refuse', async () => {
    const item = { ...SAMPLE_QUOTE_REQUEST.quote!.item, PROD_LIST: [] };
    const search = `?${new URLSearchParams({ topic: 'quote', headcount: '80', item: JSON.stringify(item) })}`;
    await onContactPage(search, async ({ driver }) => {
      await driver.act!({ kind: 'send', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
      await waitFor(() => expect(driver.sent()).toHaveLength(1));
      expect((driver.sent()[0]!.body as { message: object }).message).not.toHaveProperty('quote');
    });
  });

  it('starts empty: nothing typed, no topic chosen, the consent not ticked', async () => {
    await onContactPage('', async () => {
      for (const name of ['姓名', '公司名稱', '統一編號', '手機號碼', '市話', '分機', '電子郵件', '內容'])
        expect(await field(name)).toHaveValue('');
      expect(await screen.findByRole('combobox', { name: '洽詢主題' })).toHaveValue('');
      expect(screen.getByRole('checkbox', { name: /個人資料蒐集告知事項/ })).not.toBeChecked();
    });
  });

  it('starts from a page’s topic alone with the topic chosen and nothing written for the visitor', async () => {
    await onContactPage('?topic=b2b', async () => {
      expect(await screen.findByRole('combobox', { name: '洽詢主題' })).toHaveValue('b2b');
      expect(await field('內容')).toHaveValue('');
    });
    await onContactPage('?topic=quote', async () => {
      expect(await field('內容')).toHaveValue('');
    });
    // what was priced is written only for a quote request
    await onContactPage('?topic=b2b&headcount=60', async () => {
      expect(await field('內容')).toHaveValue('');
    });
    // a topic the form does not list chooses none
    await onContactPage('?topic=loan', async () => {
      expect(await screen.findByRole('combobox', { name: '洽詢主題' })).toHaveValue('');
    });
    await onContactPage('?topic=quote&headcount=60', async () => {
      expect(await field('內容')).toHaveValue(
        '我在保費試算中選擇了團體保險，投保人數 60 人，想請專人提供報價。',
      );
    });
    await onContactPage('?topic=quote&cover=%E9%80%B2%E9%9A%8E%E5%9E%8B', async () => {
      expect(await field('內容')).toHaveValue('我在保費試算中選擇了「進階型」，想請專人提供報價。');
    });
  });

  it('keeps a message already typed in the tab when the tryout’s quote request opens the page', async () => {
    const draft = { name: '林志明', content: '請問可以加保眷屬嗎？', topic: 'product' };
    sessionStorage.setItem(`${FLOW_STORAGE_PREFIX}contact.draft.message`, JSON.stringify(draft));
    await onContactPage('?topic=quote&headcount=80', async () => {
      expect(await field('姓名')).toHaveValue('林志明');
      expect(await field('內容')).toHaveValue('請問可以加保眷屬嗎？');
      expect(await screen.findByRole('combobox', { name: '洽詢主題' })).toHaveValue('quote');
    });
  });

  it('asks for a topic when none is chosen', async () => {
    await onContactPage('', async ({ user }) => {
      await user.click(await screen.findByRole('combobox', { name: '洽詢主題' }));
      await user.tab();
      await screen.findByText('請選擇洽詢主題');
    });
  });

  it('writes the quote request over a draft message of blanks only', async () => {
    sessionStorage.setItem(
      `${FLOW_STORAGE_PREFIX}contact.draft.message`,
      JSON.stringify({ content: '  \n ' }),
    );
    await onContactPage('?topic=quote&headcount=80', async () => {
      expect(await field('內容')).toHaveValue(
        '我在保費試算中選擇了團體保險，投保人數 80 人，想請專人提供報價。',
      );
    });
  });

  it('keeps a message under way when the visitor looks at another page and comes back', async () => {
    await onContactPage('', async ({ driver, open }) => {
      await driver.act!({ kind: 'send', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
      await open('/');
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF000') });
      await open('/contact');
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF080') });
      await driver.act!({ kind: 'reply', call: 'contact/submit', reply: ok(SAMPLE_CONTACT_RECEIPT) });
      await screen.findByRole('heading', { name: '留言已送出' });
    });
  });

  it('/back2Home forgets the message sent: the next visit starts an empty form', async () => {
    await onContactPage('', async ({ driver, open }) => {
      await driver.act!({ kind: 'send', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
      await driver.act!({ kind: 'reply', call: 'contact/submit', reply: ok(SAMPLE_CONTACT_RECEIPT) });
      await screen.findByRole('heading', { name: '留言已送出' });
      await open('/back2Home');
      await screen.findByRole('heading', { level: 1, name: headingOf('ODGAF000') });
      expect(
        Object.keys(sessionStorage).filter((k) => k.startsWith(`${FLOW_STORAGE_PREFIX}contact`)),
      ).toEqual([]);
      await open('/contact');
      expect(await field('姓名')).toHaveValue('');
      expect(screen.queryByRole('heading', { name: '留言已送出' })).toBeNull();
    });
  });

  it('keeps what was typed on reload, and the 案件編號 once sent, under the flow’s name', async () => {
    await onContactPage('', async ({ user, driver }) => {
      await typeInto(user, '姓名', '陳美玲');
      expect(sessionStorage.getItem(`${FLOW_STORAGE_PREFIX}contact.draft.message`)).toContain('陳美玲');
      await driver.act!({ kind: 'send', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
      await driver.act!({ kind: 'reply', call: 'contact/submit', reply: ok(SAMPLE_CONTACT_RECEIPT) });
      await screen.findByRole('heading', { name: '留言已送出' });
      expect(document.activeElement).toHaveTextContent('留言已送出');
      expect(sessionStorage.getItem(`${FLOW_STORAGE_PREFIX}contact`)).toContain(
        SAMPLE_CONTACT_RECEIPT.contactNo,
      );
      // the done view says when and how staff answer
      expect(screen.getByText(/客服人員將於 民國115年11月26日前/)).toBeInTheDocument();
      expect(screen.getByText('hr@example.com.tw')).toBeInTheDocument();
    });
  });

  it('再留一則訊息 brings back an empty form', async () => {
    await onContactPage('', async ({ user, driver }) => {
      await driver.act!({ kind: 'send', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA });
      await driver.act!({ kind: 'reply', call: 'contact/submit', reply: ok(SAMPLE_CONTACT_RECEIPT) });
      await user.click(await button('再留一則訊息'));
      expect(await field('姓名')).toHaveValue('');
      expect(await field('內容')).toHaveValue('');
    });
  });
});
