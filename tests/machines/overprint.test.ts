import { describe, expect, it } from 'vitest';
import { overprintLevel } from '../../machine-paths/overprint/machine-level';
import { OverprintOracle, type OverprintView } from '../../machine-paths/overprint/oracle';
import {
  SAMPLE_ACCESS,
  SAMPLE_APPLICATION_NO,
  SAMPLE_CODE,
  SAMPLE_CODE_SENT,
  SAMPLE_COPY,
  SAMPLE_LINK,
  SAMPLE_LINK_ACCESS,
  SAMPLE_LOOKUP,
  SAMPLE_RECORD,
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
import { machines } from '../../machine-paths/registry';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// The rules for the overprint as fixed sequences, played on the machine and on the oracle, which
// must agree after every step; each test then says what the rule promises the visitor.

const entry = machines.find((m) => m.id === 'overprint')!;

async function play(...events: OverprintEvent[]): Promise<{ views: OverprintView[]; sent: unknown[] }> {
  const oracle = new OverprintOracle();
  const views: OverprintView[] = [];
  await runPath(
    scenarioPath(events),
    overprintStimuli,
    oracle,
    machineDriver(entry, overprintLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: OverprintView }).view);
    },
    OVERPRINT_CALLS,
  );
  return { views: views.slice(1), sent: oracle.sent.map((s) => ({ call: s.call, body: s.body })) };
}

const last = (views: OverprintView[]) => views.at(-1)!;
const stepsOf = (views: OverprintView[]) => views.map((v) => v.step);
const MISMATCH = '查無符合的申請資料，請確認受理編號、統一編號與聯絡手機都與申請時填寫的相同';
const EXPIRED = '此列印連結已逾期，請以受理編號、統一編號與聯絡手機查詢申請';
const NO_ROSTER = { ...SAMPLE_ACCESS, application: { ...SAMPLE_RECORD, roster: [] } };
const WRONG_CODE = '驗證碼錯誤，還可再試 4 次';
const TOO_MANY = '驗證碼寄送次數過多，請於 42 分鐘後再試';

describe('the overprint', () => {
  it('identifies, chooses, confirms and downloads: the token and the documents in print order are sent', async () => {
    const { views, sent } = await play(
      identify(),
      opened(),
      choose('summary', 'form'),
      confirmReview,
      download,
      downloaded(),
    );
    expect(stepsOf(views)).toEqual([1, 2, 3, 4, 4, 4]);
    expect(views[0]).toMatchObject({ step: 1, busy: true });
    expect(views[2]).toMatchObject({ step: 3, documents: ['form', 'summary'] });
    expect(last(views)).toEqual({
      step: 4,
      busy: false,
      failure: null,
      codeSentTo: null,
      applicationNo: SAMPLE_APPLICATION_NO,
      documents: ['form', 'summary'],
      copies: 1,
    });
    expect(sent).toEqual([
      { call: 'overprint/lookup', body: SAMPLE_LOOKUP },
      { call: 'overprint/document', body: { token: SAMPLE_ACCESS.token, documents: ['form', 'summary'] } },
    ]);
  });

  it('prints the 名冊 with no code when the print link the applicant was given opened the application', async () => {
    const { views, sent } = await play(
      followLink(),
      opened('openLink', SAMPLE_LINK_ACCESS),
      choose('summary', 'form', 'roster'),
      confirmReview,
      download,
    );
    expect(stepsOf(views)).toEqual([1, 2, 3, 4, 4]);
    expect(views[2]).toMatchObject({ documents: ['form', 'roster', 'summary'], codeSentTo: null });
    expect(sent.at(-1)).toEqual({
      call: 'overprint/document',
      body: { token: SAMPLE_LINK_ACCESS.token, documents: ['form', 'roster', 'summary'] },
    });
  });

  it('asks for the code e-mailed to the contact before the 名冊 of a lookup prints (issue 45)', async () => {
    const { views, sent } = await play(
      identify(),
      opened(),
      choose('roster', 'form'),
      codeSent(),
      enterCode(SAMPLE_SHORT_CODE),
      enterCode(),
      refusedBy('openRoster', WRONG_CODE),
      openStep(3),
      resendCode,
      refusedBy('sendRosterCode', TOO_MANY),
      enterCode(),
      rosterOpened(),
      confirmReview,
      download,
    );
    expect(stepsOf(views)).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 4]);
    // the choice sends for the code and stays on STEP2 until it is typed
    expect(views[2]).toMatchObject({ step: 2, busy: true, codeSentTo: null, documents: null });
    expect(views[3]).toMatchObject({ step: 2, busy: false, codeSentTo: SAMPLE_CODE_SENT.sentTo });
    // five digits are not sent; a wrong code is said on STEP2, and Forward does not pass it
    expect(views[6]).toMatchObject({ step: 2, failure: WRONG_CODE, codeSentTo: SAMPLE_CODE_SENT.sentTo });
    expect(views[7]).toMatchObject({ step: 2, failure: WRONG_CODE });
    // a resend refused leaves the code sent before to be typed
    expect(views[9]).toMatchObject({ step: 2, failure: TOO_MANY, codeSentTo: SAMPLE_CODE_SENT.sentTo });
    expect(views[11]).toMatchObject({ step: 3, documents: ['form', 'roster'], failure: null });
    expect(sent).toEqual([
      { call: 'overprint/lookup', body: SAMPLE_LOOKUP },
      { call: 'overprint/rosterCode', body: { token: SAMPLE_ACCESS.token } },
      { call: 'overprint/rosterOpen', body: { token: SAMPLE_ACCESS.token, code: SAMPLE_CODE } },
      { call: 'overprint/rosterCode', body: { token: SAMPLE_ACCESS.token } },
      { call: 'overprint/rosterOpen', body: { token: SAMPLE_ACCESS.token, code: SAMPLE_CODE } },
      // the 名冊 prints on the token the code opened
      {
        call: 'overprint/document',
        body: { token: SAMPLE_ROSTER_ACCESS.token, documents: ['form', 'roster'] },
      },
    ]);
  });

  it('goes back to the choice from the code, where a choice without the 名冊 needs none', async () => {
    const { views, sent } = await play(
      identify(),
      opened(),
      choose('roster'),
      refusedBy('sendRosterCode', TOO_MANY),
      choose('roster'),
      codeSent(),
      changeChoice,
      choose('summary'),
    );
    // a first send refused leaves the choice, saying why
    expect(views[3]).toMatchObject({ step: 2, failure: TOO_MANY, codeSentTo: null, busy: false });
    expect(views[6]).toMatchObject({ step: 2, failure: null, codeSentTo: null });
    expect(last(views)).toMatchObject({ step: 3, documents: ['summary'] });
    expect(sent.filter((s) => (s as { call: string }).call === 'overprint/rosterCode')).toHaveLength(2);
  });

  it('sends nothing without the captcha solved, and shows the server’s one message for wrong identifiers', async () => {
    const { views, sent } = await play(
      identify(SAMPLE_UNSOLVED_LOOKUP),
      identify(),
      refusedBy('lookup', MISMATCH),
    );
    expect(stepsOf(views)).toEqual([1, 1, 1]);
    expect(last(views)).toMatchObject({ failure: MISMATCH, applicationNo: null, busy: false });
    expect(sent).toHaveLength(1);
  });

  it('opens by the print link; an expired link says so and leaves the identifiers to type', async () => {
    const expired = await play(followLink(), refusedBy('openLink', EXPIRED));
    expect(last(expired.views)).toMatchObject({ step: 1, failure: EXPIRED, applicationNo: null });
    expect(expired.sent).toEqual([{ call: 'DTODGAZ0/getDecryptData', body: SAMPLE_LINK }]);

    const good = await play(followLink(), opened('openLink'));
    expect(last(good.views)).toMatchObject({ step: 2, applicationNo: SAMPLE_APPLICATION_NO, failure: null });
    // a link without its token opens nothing
    expect((await play(followLink({ ...SAMPLE_LINK, token: '' }))).sent).toEqual([]);
  });

  it('offers no 名冊 for an application that has none, and no empty choice', async () => {
    const { views } = await play(
      identify(),
      opened('lookup', NO_ROSTER),
      choose('roster'),
      choose(),
      choose('form'),
    );
    expect(stepsOf(views)).toEqual([1, 2, 2, 2, 3]);
    expect(last(views).documents).toEqual(['form']);
  });

  it('Back and Forward keep the choice and its confirmation; a new choice must be confirmed again', async () => {
    const kept = await play(identify(), opened(), choose('form'), confirmReview, openStep(2), openStep(4));
    expect(stepsOf(kept.views)).toEqual([1, 2, 3, 4, 2, 4]);
    const changed = await play(
      identify(),
      opened(),
      choose('form'),
      confirmReview,
      openStep(2),
      choose('summary'),
      openStep(4),
    );
    expect(stepsOf(changed.views)).toEqual([1, 2, 3, 4, 2, 3, 3]);
    // nothing opened: every step's address shows STEP1
    expect(stepsOf((await play(openStep(3), openStep(4))).views)).toEqual([1, 1]);
  });

  it('prints again on asking (補印), and shows why a copy could not be had until the next try', async () => {
    const { views, sent } = await play(
      identify(),
      opened(),
      choose('form'),
      confirmReview,
      download,
      downloaded(),
      download,
      refusedBy('download', EXPIRED),
      download,
      downloaded({ ...SAMPLE_COPY, printedAt: '2026-11-24T02:50:00.000Z' }),
    );
    expect(views[7]).toMatchObject({ step: 4, failure: EXPIRED, copies: 1 });
    expect(views[8]).toMatchObject({ busy: true, failure: null });
    expect(last(views)).toMatchObject({ copies: 2, failure: null });
    expect(sent.filter((s) => (s as { call: string }).call === 'overprint/document')).toHaveLength(3);
  });

  it('查詢其他申請 drops what was opened; a new lookup starts its choice afresh', async () => {
    const { views } = await play(
      identify(),
      opened(),
      choose('form'),
      confirmReview,
      startOver,
      openStep(2),
      identify(),
      opened(),
      openStep(3),
    );
    expect(views[4]).toEqual({
      step: 1,
      busy: false,
      failure: null,
      codeSentTo: null,
      applicationNo: null,
      documents: null,
      copies: 0,
    });
    expect(views[5]!.step).toBe(1);
    // the earlier choice is gone: STEP3 is not granted before a new one
    expect(last(views).step).toBe(2);
  });

  it('does not start over while a call is under way', async () => {
    const { views } = await play(identify(), opened(), choose('form'), confirmReview, download, startOver);
    expect(last(views)).toMatchObject({ step: 4, busy: true, applicationNo: SAMPLE_APPLICATION_NO });
    // nor while the 名冊's code is sent or checked
    const sending = await play(identify(), opened(), choose('roster'), startOver);
    expect(last(sending.views)).toMatchObject({ step: 2, busy: true, applicationNo: SAMPLE_APPLICATION_NO });
    const checking = await play(identify(), opened(), choose('roster'), codeSent(), enterCode(), startOver);
    expect(last(checking.views)).toMatchObject({ step: 2, busy: true, applicationNo: SAMPLE_APPLICATION_NO });
  });

  it('leaves the code’s refusal on STEP2: back to the choice or on another step it is gone', async () => {
    const edited = await play(
      identify(),
      opened(),
      choose('roster'),
      codeSent(),
      enterCode(),
      refusedBy('openRoster', WRONG_CODE),
      changeChoice,
    );
    expect(edited.views[5]).toMatchObject({ step: 2, failure: WRONG_CODE });
    expect(last(edited.views)).toMatchObject({ step: 2, failure: null, codeSentTo: null });
    const left = await play(
      identify(),
      opened(),
      choose('roster'),
      codeSent(),
      enterCode(),
      refusedBy('openRoster', WRONG_CODE),
      openStep(1),
    );
    expect(last(left.views)).toMatchObject({ step: 1, failure: null });
    // the code given up with the choice: a new send refused leaves the choice, not a code's form
    const again = await play(
      identify(),
      opened(),
      choose('roster'),
      codeSent(),
      changeChoice,
      choose('roster'),
      refusedBy('sendRosterCode', TOO_MANY),
    );
    expect(last(again.views)).toMatchObject({ step: 2, failure: TOO_MANY, codeSentTo: null, busy: false });
  });

  it('a refusal stays on its step until the visitor leaves it: back on STEP1 or STEP4 it is gone', async () => {
    const lookup = await play(
      identify(),
      opened(),
      openStep(1),
      identify(),
      refusedBy('lookup', MISMATCH),
      openStep(2),
      openStep(1),
    );
    expect(lookup.views[4]).toMatchObject({
      step: 1,
      failure: MISMATCH,
      applicationNo: SAMPLE_APPLICATION_NO,
    });
    expect(stepsOf(lookup.views).slice(5)).toEqual([2, 1]);
    expect(last(lookup.views).failure).toBeNull();

    const printing = await play(
      identify(),
      opened(),
      choose('form'),
      confirmReview,
      download,
      refusedBy('download', EXPIRED),
      openStep(3),
      openStep(4),
    );
    expect(printing.views[5]).toMatchObject({ step: 4, failure: EXPIRED });
    expect(last(printing.views)).toMatchObject({ step: 4, failure: null, copies: 0 });
  });

  it('says 系統忙碌中 when a refusal gives no reason', async () => {
    const { views } = await play(identify(), refusedBy('lookup', ''));
    expect(last(views).failure).toBe('系統忙碌中，請稍後再試');
  });

  it('takes no choice that holds a document the application does not have', async () => {
    const { views } = await play(identify(), opened('lookup', NO_ROSTER), choose('form', 'roster'));
    expect(stepsOf(views)).toEqual([1, 2, 2]);
  });

  it('keeps STEP3’s confirmation when the same documents are chosen again', async () => {
    const { views } = await play(
      identify(),
      opened(),
      choose('form'),
      confirmReview,
      openStep(2),
      choose('form'),
      openStep(4),
    );
    expect(stepsOf(views)).toEqual([1, 2, 3, 4, 2, 3, 4]);
  });

  it('moves by the address between every pair of steps the data allows', async () => {
    const { views } = await play(
      identify(),
      opened(),
      openStep(1),
      openStep(2),
      choose('form'),
      openStep(2),
      openStep(3),
      openStep(1),
      openStep(3),
      confirmReview,
      openStep(3),
      openStep(4),
      openStep(1),
      openStep(4),
    );
    expect(stepsOf(views)).toEqual([1, 2, 1, 2, 3, 2, 3, 1, 3, 4, 3, 4, 1, 4]);
  });

  it('does not start over while an application is being opened', async () => {
    const byLookup = await play(identify(), opened(), openStep(1), identify(), startOver);
    expect(last(byLookup.views)).toMatchObject({ step: 1, busy: true, applicationNo: SAMPLE_APPLICATION_NO });
    const byLink = await play(identify(), opened(), openStep(1), followLink(), startOver);
    expect(last(byLink.views)).toMatchObject({ step: 1, busy: true, applicationNo: SAMPLE_APPLICATION_NO });
  });

  it('a new try clears the last refusal while it is under way', async () => {
    const lookup = await play(identify(), refusedBy('lookup', MISMATCH), identify());
    expect(last(lookup.views)).toMatchObject({ step: 1, busy: true, failure: null });
    const link = await play(followLink(), refusedBy('openLink', EXPIRED), followLink());
    expect(last(link.views)).toMatchObject({ step: 1, busy: true, failure: null });
  });

  it('the address of the step on screen changes nothing (a reload on STEP4 stays there)', async () => {
    const { views } = await play(identify(), opened(), choose('form'), confirmReview, openStep(4));
    expect(stepsOf(views)).toEqual([1, 2, 3, 4, 4]);
  });
});
