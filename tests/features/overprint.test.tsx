import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SimulatedClock } from 'xstate';
import {
  OverprintOracle,
  type OverprintStimulus,
  type OverprintView,
} from '../../machine-paths/overprint/oracle';
import {
  SAMPLE_ACCESS,
  SAMPLE_CODE,
  SAMPLE_CODE_SENT,
  SAMPLE_COPY,
  SAMPLE_DOCUMENTS,
  SAMPLE_LINK,
  SAMPLE_LINK_ACCESS,
  SAMPLE_LOOKUP,
  SAMPLE_ROSTER_ACCESS,
  SAMPLE_SHORT_CODE,
  SAMPLE_UNSOLVED_LOOKUP,
} from '../../machine-paths/overprint/samples';
import {
  changeChoice,
  choose,
  codeSent,
  confirmReview,
  download,
  downloaded,
  enterCode,
  followLink,
  identify,
  OVERPRINT_CALLS,
  type OverprintEvent,
  opened,
  openStep,
  overprintStimuli,
  refusedBy,
  resendCode,
  rosterOpened,
  startOver,
} from '../../machine-paths/overprint/stimuli';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { PrintedCopy } from '../../machines/overprint.machine';
import { OVERPRINT_DOCUMENTS, type OverprintLookup, PRINTED_AT_HEADER } from '../../src/domain/api/overprint';
import { headingOf } from '../../src/domain/screens';
import { DOCUMENT_CHOICES } from '../../src/features/overprint/document-choices';
import { FLOW_STORAGE_PREFIX } from '../../src/lib/flow-storage';
import { createCaptcha } from '../../src/server/captcha/captcha';
import { catalogueServer } from '../screens/catalogue-server';
import { domAgreement } from '../support/dom-agreement';
import { overprintScreen } from '../support/flow-screens';
import { fileReply, heldNetwork } from '../support/held-network';
import { ok, refused } from '../support/oracle';
import { answerCaptcha, asSentByOracle, type PageVisit, pageVisit } from '../support/page-identifiers';
import { eventsOnPage, type FlowPage, pathOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { envelope } from '../support/render-app';
import { typeInto } from '../support/typing';
import { openPage } from '../support/visitor-page';
import { WalkStep } from '../support/walks';

// The overprint (套印) on the rendered app (jsdom), with only the network controlled: the machine's
// generated paths and the scenarios, each against the overprint oracle after every step.

const entry = machines.find((m) => m.id === 'overprint')!;

// The print link's call is a verb of the cart service (DTODGAZ0), which the held network names by the verb
// alone; the oracle names it by its path.
const LINK_CALL = 'DTODGAZ0/getDecryptData';
const LINK_VERB = 'getDecryptData';
const asOracleCall = (call: string) => (call === LINK_VERB ? LINK_CALL : call);
const asNetworkCall = (call: string) => (call === LINK_CALL ? LINK_VERB : call);

/** What overprint/document answers for a copy: a PDF-like file of its size, printed when it says. */
function pdfOf(copy: PrintedCopy): Response {
  const body = new Uint8Array(copy.bytes);
  body.set(new TextEncoder().encode('%PDF-1.7\n'));
  return new Response(body, {
    headers: { 'content-type': 'application/pdf', [PRINTED_AT_HEADER]: copy.printedAt },
  });
}

const button = (name: string | RegExp) => screen.findByRole('button', { name });
const heading = (id: Parameters<typeof headingOf>[0]) =>
  screen.findByRole('heading', { level: 1, name: headingOf(id) });

/** The captcha's own reminder under the widget (the form's, not the server's refusal). */
const captchaReminder = () => document.querySelector('form.lookup-form .field-message[role="alert"]');

/** STEP1: the identifiers typed, the widget ticked and solved unless the lookup's captcha is '', 查詢申請. */
async function identifyOnPage(user: UserEvent, lookup: OverprintLookup, visit: PageVisit) {
  await typeInto(user, '受理編號', lookup.applicationNo);
  await typeInto(user, '統一編號', lookup.taxId);
  await typeInto(user, '聯絡手機', lookup.contactPhone);
  if (lookup.captcha !== '') {
    await user.click(await screen.findByRole('checkbox', { name: '我不是機器人' }));
    await screen.findByText('驗證完成', {}, { timeout: 10_000 });
    visit.captchas.push(lookup.captcha);
  }
  const submit = await button('查詢申請');
  const busy = submit.getAttribute('aria-disabled') === 'true';
  await user.click(submit);
  if (lookup.captcha === '' && !busy)
    await waitFor(() => expect(captchaReminder()).toHaveTextContent('請先完成「我不是機器人」驗證'));
}

/** STEP2: ticks exactly `documents` (among those it offers) and clicks 下一步. */
async function chooseOnPage(user: UserEvent, documents: readonly string[]) {
  for (const doc of OVERPRINT_DOCUMENTS) {
    const box = (await screen.findByRole('checkbox', {
      name: DOCUMENT_CHOICES[doc].name,
    })) as HTMLInputElement;
    if (!box.disabled && box.checked !== documents.includes(doc)) await user.click(box);
  }
  await user.click(await button('下一步：確認資料'));
  if (documents.length === 0) await screen.findByText('請至少選擇一份文件');
}

const stepOfPath = (path: string) => Number(/\/overprint\/STEP([1-4])$/.exec(path)?.[1] ?? 0);

function overprintPage(): FlowPage<OverprintStimulus, OverprintView> {
  let visit = pageVisit();
  const catalogue = catalogueServer();
  const captcha = createCaptcha({ hmacKey: 'jsdom overprint', maxNumber: 1_000, expiresSeconds: 600 });
  return {
    machineId: entry.id,
    path: '/overprint/STEP1',
    // held and compared: the oracle's calls, and the print link's call under the held network's name
    calls: [...OVERPRINT_CALLS, LINK_VERB],
    agree: domAgreement((view) => view),
    answers: async (url, init) => {
      if (url.pathname.endsWith('/captcha/challenge')) {
        return envelope(answerCaptcha(visit, (await captcha.challenge()) as { signature?: string }));
      }
      return catalogue(url, init);
    },
    driver: ({ network, user, open, at }): PathDriver<OverprintStimulus, OverprintView> => ({
      async act(s) {
        switch (s.kind) {
          case 'identify':
            await identifyOnPage(user, s.lookup as OverprintLookup, visit);
            return;
          case 'followLink': {
            // followed from another page (the shopcart's STEP4): STEP1 opens afresh with the link in the
            // address's fragment, which the page reads from the browser's location (jsdom's, as the memory
            // history the router runs on here does not set it)
            await open('/');
            await heading('ODGAF000');
            const hash = `#${s.applicationNo}.${s.token}`;
            window.history.replaceState(null, '', `/groupins/overprint/STEP1${hash}`);
            await open(`/overprint/STEP1${hash}`);
            await heading('ODGAF050');
            return;
          }
          case 'choose':
            await chooseOnPage(user, s.documents);
            return;
          case 'enterCode':
            await typeInto(user, '驗證碼', s.code);
            await user.click(await button('確認驗證碼'));
            if (!/^\d{6}$/.test(s.code)) await screen.findByText('請輸入 6 位數字的驗證碼');
            return;
          case 'resendCode':
            await user.click(await button('重新寄送驗證碼'));
            return;
          case 'changeChoice':
            await user.click(await button('改選文件'));
            return;
          case 'confirm':
            await user.click(await button('確認無誤，下一步'));
            return;
          case 'download':
            await user.click(await button(/^(下載 PDF|再次下載（補印）)$/));
            return;
          case 'open':
            await open(`/overprint/STEP${s.step}`);
            return;
          case 'startOver':
            await user.click(await button('查詢其他申請'));
            return;
          case 'reply': {
            const { call, reply } = s;
            // the document is a file, not an envelope: a PDF of the copy's size, printed when it says
            const answer =
              call === 'overprint/document' && reply !== 'network-error' && reply.returnCode === 0
                ? fileReply(pdfOf(reply.data as PrintedCopy))
                : reply;
            await act(() => network.reply(asNetworkCall(call), answer));
          }
        }
      },
      wait: async () => {},
      view: async () => {
        const view = overprintScreen() as OverprintView;
        const step = stepOfPath(at());
        return step === view.step
          ? view
          : { ...view, step: `the address says STEP${step}, the page shows STEP${view.step}` as never };
      },
      sent: () =>
        asSentByOracle(
          network.sent().map((r) => ({ ...r, call: asOracleCall(r.call) })),
          OVERPRINT_CALLS,
          visit,
        ),
    }),
    before: () => {
      visit = pageVisit();
    },
    after: () => {
      // the tab is closed: the next run starts in a new one, at no fragment
      sessionStorage.clear();
      window.history.replaceState(null, '', '/');
    },
  };
}

// jsdom has no object URLs: the download hands its PDF to the browser through one. The anchor's click is
// the browser's download; jsdom would try to navigate to it instead.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
const keepDownload = (event: MouseEvent) => {
  if ((event.target as Element | null)?.closest?.('a[download]')) event.preventDefault();
};
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: () => 'blob:http://localhost/overprint-pdf',
    revokeObjectURL: () => {},
  });
  document.addEventListener('click', keepDownload);
});
afterAll(() => {
  Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
  document.removeEventListener('click', keepDownload);
});

const PAGE = overprintPage();

describe('overprint paths on the rendered app, against the overprint oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () => pathOnPage(PAGE, path, overprintStimuli, new OverprintOracle()), 60_000);
});

const MISMATCH = '查無符合的申請資料，請確認受理編號、統一編號與聯絡手機都與申請時填寫的相同';
const EXPIRED = '此列印連結已逾期，請以受理編號、統一編號與聯絡手機查詢申請';
const LATER_COPY: PrintedCopy = { printedAt: '2026-11-24T03:02:10.000Z', bytes: 182_611 };
const WRONG_CODE = '驗證碼錯誤，還可再試 4 次';
const TOO_MANY = '驗證碼寄送次數過多，請於 42 分鐘後再試';

const SCENARIOS: Array<[string, OverprintEvent[]]> = [
  [
    'wrong identifiers get one message; 查詢申請 without the captcha sends nothing; the right ones open the application',
    [
      identify(SAMPLE_UNSOLVED_LOOKUP),
      identify({ ...SAMPLE_LOOKUP, contactPhone: '0987-654-321' }),
      refusedBy('lookup', MISMATCH),
      identify(SAMPLE_UNSOLVED_LOOKUP),
      identify(),
      opened(),
      openStep(1),
      startOver,
      openStep(2),
    ],
  ],
  [
    'the print link opens the application (an empty token is ignored, an expired one is refused); the documents, then the PDF twice (補印)',
    [
      followLink({ ...SAMPLE_LINK, token: '' }),
      followLink(),
      refusedBy('openLink', EXPIRED),
      followLink(),
      opened('openLink', SAMPLE_LINK_ACCESS),
      choose(...SAMPLE_DOCUMENTS.none),
      choose(...SAMPLE_DOCUMENTS.all),
      confirmReview,
      download,
      refusedBy('download', '系統忙碌中，請稍後再試'),
      download,
      downloaded(),
      download,
      downloaded(LATER_COPY),
    ],
  ],
  [
    'Back and Forward keep the choice; a changed choice is confirmed again before STEP4',
    [
      identify(),
      opened(),
      choose(...SAMPLE_DOCUMENTS.summary),
      openStep(1),
      openStep(3),
      confirmReview,
      openStep(2),
      openStep(4),
      openStep(2),
      choose(...SAMPLE_DOCUMENTS.summary),
      openStep(4),
      openStep(2),
      choose(...SAMPLE_DOCUMENTS.all),
      codeSent(),
      openStep(4),
      openStep(2),
      enterCode(),
      rosterOpened(),
      openStep(4),
      confirmReview,
      download,
      downloaded(SAMPLE_COPY),
      startOver,
      openStep(4),
    ],
  ],
  [
    'issue 45: the 名冊 of a lookup asks for the code e-mailed to the contact; a wrong one is said, another is sent on asking',
    [
      identify(),
      opened(),
      choose(...SAMPLE_DOCUMENTS.all),
      codeSent(),
      enterCode(SAMPLE_SHORT_CODE),
      enterCode(),
      refusedBy('openRoster', WRONG_CODE),
      resendCode,
      refusedBy('sendRosterCode', TOO_MANY),
      changeChoice,
      choose(...SAMPLE_DOCUMENTS.all),
      codeSent(),
      enterCode(),
      rosterOpened(),
      confirmReview,
      download,
      downloaded(),
    ],
  ],
];

describe('the issue’s scenarios on the rendered app, against the overprint oracle', () => {
  for (const [name, events] of SCENARIOS)
    it(name, () => eventsOnPage(PAGE, events, overprintStimuli, new OverprintOracle()), 60_000);
});

type Step = WalkStep<OverprintOracle, OverprintStimulus, OverprintView>;
const step = (
  label: string,
  possible: (o: OverprintOracle) => boolean,
  stimulus: () => OverprintStimulus,
): Step => new WalkStep(label, possible, stimulus);
const on = (o: OverprintOracle, n: number) => o.view().step === n && !o.view().busy;
/** The call the page is waiting on, if any. */
const waitingOn = (o: OverprintOracle, call: string) => o.view().busy && o.sent.at(-1)?.call === call;

const answer = (call: OverprintStimulus & { kind: 'reply' }) =>
  step(
    `${call.call} ← ${call.reply === 'network-error' ? 'network down' : call.reply.returnCode === 0 ? 'ok' : 'refused'}`,
    (o) => waitingOn(o, call.call),
    () => call,
  );

const OVERPRINT_WALK: fc.Arbitrary<Step>[] = [
  fc
    .constantFrom(SAMPLE_LOOKUP, SAMPLE_UNSOLVED_LOOKUP, { ...SAMPLE_LOOKUP, taxId: '04595257' })
    .map((lookup) =>
      step(
        `STEP1 查詢申請 ${lookup.taxId}`,
        (o) => on(o, 1),
        () => ({ kind: 'identify', lookup }),
      ),
    ),
  fc.constantFrom(SAMPLE_LINK, { ...SAMPLE_LINK, token: '' }).map((link) =>
    step(
      'the print link',
      (o) => on(o, 1),
      () => ({ kind: 'followLink', ...link }),
    ),
  ),
  fc.subarray([...OVERPRINT_DOCUMENTS]).map((documents) =>
    step(
      `STEP2 ${documents.join('+') || 'nothing'} 下一步`,
      (o) => on(o, 2) && o.view().codeSentTo === null,
      () => ({ kind: 'choose', documents }),
    ),
  ),
  fc.constantFrom(SAMPLE_CODE, SAMPLE_SHORT_CODE, '000000').map((code) =>
    step(
      `STEP2 驗證碼 ${code}`,
      (o) => on(o, 2) && o.view().codeSentTo !== null,
      () => ({ kind: 'enterCode', code }),
    ),
  ),
  fc.constant(
    step(
      'STEP2 重新寄送驗證碼',
      (o) => on(o, 2) && o.view().codeSentTo !== null,
      () => ({ kind: 'resendCode' }),
    ),
  ),
  fc.constant(
    step(
      'STEP2 改選文件',
      (o) => on(o, 2) && o.view().codeSentTo !== null,
      () => ({ kind: 'changeChoice' }),
    ),
  ),
  fc.constant(
    step(
      'STEP3 確認無誤',
      (o) => on(o, 3),
      () => ({ kind: 'confirm' }),
    ),
  ),
  fc.constant(
    step(
      'STEP4 下載',
      (o) => on(o, 4),
      () => ({ kind: 'download' }),
    ),
  ),
  fc.constantFrom<1 | 2 | 3 | 4>(1, 2, 3, 4).map((n) =>
    step(
      `address STEP${n}`,
      () => true,
      () => ({ kind: 'open', step: n }),
    ),
  ),
  fc.constant(
    step(
      '查詢其他申請',
      // offered on STEP1 (once one is open), STEP2 and STEP4
      (o) => !o.view().busy && o.view().applicationNo !== null && o.view().step !== 3,
      () => ({ kind: 'startOver' }),
    ),
  ),
  ...[
    { kind: 'reply', call: 'overprint/lookup', reply: ok(SAMPLE_ACCESS) },
    { kind: 'reply', call: 'overprint/lookup', reply: refused('lookupMismatch', MISMATCH) },
    { kind: 'reply', call: 'overprint/lookup', reply: 'network-error' },
    { kind: 'reply', call: LINK_CALL, reply: ok(SAMPLE_LINK_ACCESS) },
    { kind: 'reply', call: LINK_CALL, reply: refused('tokenExpired', EXPIRED) },
    { kind: 'reply', call: 'overprint/rosterCode', reply: ok(SAMPLE_CODE_SENT) },
    { kind: 'reply', call: 'overprint/rosterCode', reply: refused('codeTooMany', TOO_MANY) },
    { kind: 'reply', call: 'overprint/rosterOpen', reply: ok(SAMPLE_ROSTER_ACCESS) },
    { kind: 'reply', call: 'overprint/rosterOpen', reply: refused('codeMismatch', WRONG_CODE) },
    { kind: 'reply', call: 'overprint/document', reply: ok(SAMPLE_COPY) },
    { kind: 'reply', call: 'overprint/document', reply: refused('tokenExpired', EXPIRED) },
  ].map((reply) => fc.constant(answer(reply as OverprintStimulus & { kind: 'reply' }))),
];

describe('random walks of a visitor on the rendered app, against the overprint oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () => walksOnPage(PAGE, OVERPRINT_WALK, () => new OverprintOracle(), { maxCommands: 20, numRuns: 10 }),
    300_000,
  );
});

/** The rendered app at `path` with the overprint's fake server and calls held, and the page's driver. */
async function onOverprintPage(
  path: string,
  body: (page: {
    driver: PathDriver<OverprintStimulus, OverprintView>;
    open: (path: string) => Promise<void>;
  }) => Promise<void>,
) {
  const network = heldNetwork([...OVERPRINT_CALLS, LINK_VERB], PAGE.answers);
  PAGE.before?.(false);
  const page = await openPage(path);
  try {
    await screen.findByRole('heading', { level: 1 });
    const open = (to: string) => act(async () => void page.history.push(`/groupins${to}`));
    const at = () => page.history.location.pathname.replace(/^\/groupins/, '');
    const driver = PAGE.driver({ network, user: userEvent.setup(), clock: new SimulatedClock(), at, open });
    await body({ driver, open });
  } finally {
    page.stop();
    cleanup();
    network.close();
    PAGE.after?.();
  }
}

/** Opens the sample application and goes to STEP4 with 要保書 chosen. */
async function toStep4(driver: PathDriver<OverprintStimulus, OverprintView>) {
  await driver.act!({ kind: 'identify', lookup: SAMPLE_LOOKUP });
  await driver.act!({ kind: 'reply', call: 'overprint/lookup', reply: ok(SAMPLE_ACCESS) });
  await heading('ODGAF051');
  await driver.act!({ kind: 'choose', documents: ['form'] });
  await heading('ODGAF052');
  await driver.act!({ kind: 'confirm' });
  await heading('ODGAF053');
}

describe('the tab’s overprint (its binding)', () => {
  it('hands the PDF to the browser as a file named for its print day, and lists the copy by the server’s print time', async () => {
    const created: Blob[] = [];
    const revoked: string[] = [];
    const clicked: HTMLAnchorElement[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:http://localhost/the-pdf';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest('a[download]');
      if (link) clicked.push(link as HTMLAnchorElement);
    };
    document.addEventListener('click', onClick);
    try {
      await onOverprintPage('/overprint/STEP1', async ({ driver }) => {
        await toStep4(driver);
        await driver.act!({ kind: 'download' });
        await driver.act!({ kind: 'reply', call: 'overprint/document', reply: ok(SAMPLE_COPY) });
        // SAMPLE_COPY was printed at 2026-11-24T02:45:00Z: 10:45 in Taipei
        await screen.findByText(/^列印時間 民國115年11月24日 10:45，178 KB$/);
        expect(created.map((blob) => blob.size)).toEqual([SAMPLE_COPY.bytes]);
        expect(clicked.map((a) => [a.download, a.href, a.hidden])).toEqual([
          ['團體保險套印文件-2026-11-24.pdf', 'blob:http://localhost/the-pdf', true],
        ]);
        // the link is gone once clicked, and the bytes are let go once the download has them
        expect(document.querySelector('a[download]')).toBeNull();
        await waitFor(() => expect(revoked).toEqual(['blob:http://localhost/the-pdf']));
      });
    } finally {
      document.removeEventListener('click', onClick);
      create.mockRestore();
      revoke.mockRestore();
    }
  });

  it('keeps the tab’s snapshot, the visit’s token with it, under the flow’s name (what a reload restores)', async () => {
    await onOverprintPage('/overprint/STEP1', async ({ driver }) => {
      await toStep4(driver);
      expect(sessionStorage.getItem(`${FLOW_STORAGE_PREFIX}overprint`)).toContain(SAMPLE_ACCESS.token);
    });
  });

  it('/back2Home forgets the opened application; the next one starts on STEP1 and goes on', async () => {
    await onOverprintPage('/overprint/STEP1', async ({ driver, open }) => {
      await toStep4(driver);
      await open('/back2Home');
      await heading('ODGAF000');
      expect(
        Object.keys(sessionStorage).filter((k) => k.startsWith(`${FLOW_STORAGE_PREFIX}overprint`)),
      ).toEqual([]);
      await open('/overprint/STEP2');
      await heading('ODGAF050');
      await toStep4(driver);
    });
  });
});
