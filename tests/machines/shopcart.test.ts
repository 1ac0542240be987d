import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { machines } from '../../machine-paths/registry';
import { shopcartLevel } from '../../machine-paths/shopcart/machine-level';
import { ShopcartOracle, type ShopcartView } from '../../machine-paths/shopcart/oracle';
import {
  SAMPLE_APPLICANT,
  SAMPLE_CAPTCHA,
  SAMPLE_CART_FACTS,
  SAMPLE_INVALID_APPLICANT,
  SAMPLE_INVALID_PLAN,
  SAMPLE_PLAN,
  SAMPLE_REQUEST_ID,
  SAMPLE_RESTART_REQUEST_ID,
  SAMPLE_RESTART_TODAY,
  SAMPLE_ROSTER,
  SAMPLE_SUBMITTED,
  SAMPLE_TODAY,
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
import type { ShopcartInput, SubmitInput } from '../../machines/shopcart.context';
import { shopcartMachine } from '../../machines/shopcart.machine';
import type { SubmittedApplication } from '../../src/domain/api/shopcart';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// The rules for the shopcart application as fixed sequences: each is played on the machine (its
// screens as the machine level shows them) and on the oracle, which must agree after every step; the
// test then says what the rule promises the visitor.

const entry = machines.find((m) => m.id === 'shopcart')!;
const input = entry.input as ShopcartInput;

/** Plays the events from a new application on the sample 2-item cart; answers the view after each. */
async function play(...events: ShopcartEvent[]): Promise<{ views: ShopcartView[]; sent: unknown[] }> {
  const oracle = new ShopcartOracle(shopcartStart(input));
  const views: ShopcartView[] = [];
  await runPath(
    scenarioPath(events),
    shopcartStimuli,
    oracle,
    machineDriver(entry, shopcartLevel()),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: ShopcartView }).view);
    },
    SHOPCART_CALLS,
  );
  return { views: views.slice(1), sent: oracle.sent.map((s) => s.body) };
}

const stepsOf = (views: ShopcartView[]) => views.map((v) => v.step);

describe('the shopcart application', () => {
  it('goes from STEP1 to STEP4 and sends the application once', async () => {
    const { views, sent } = await play(confirmPlan(), confirmApplicant(), submit(), accepted);
    expect(stepsOf(views)).toEqual([2, 3, 3, 4]);
    expect(views[2]!.busy).toBe(true);
    expect(views[3]).toEqual({
      step: 4,
      busy: false,
      notice: false,
      failure: '',
      applicationNo: 'GI115112300001',
      returnsToReview: false,
      recheck: false,
      notReceived: false,
    });
    expect(sent).toEqual([
      {
        requestId: SAMPLE_REQUEST_ID,
        plan: SAMPLE_PLAN,
        applicant: SAMPLE_APPLICANT,
        roster: SAMPLE_ROSTER,
        consent: true,
        captcha: SAMPLE_CAPTCHA,
      },
    ]);
  });

  it('does not go on with a form the schemas refuse, nor without a solved captcha', async () => {
    const { views, sent } = await play(
      confirmPlan(SAMPLE_INVALID_PLAN),
      confirmPlan(),
      confirmApplicant(SAMPLE_INVALID_APPLICANT),
      confirmApplicant(),
      submit(''),
    );
    expect(stepsOf(views)).toEqual([1, 2, 2, 3, 3]);
    expect(views[4]!.busy).toBe(false);
    expect(sent).toEqual([]);
  });

  it('a deep link to STEP3 on a new application shows STEP1', async () => {
    const { views } = await play(open(3), open(2));
    expect(stepsOf(views)).toEqual([1, 1]);
  });

  it('a deep link lands on the furthest step the data allows', async () => {
    const { views } = await play(confirmPlan(), open(1), open(3));
    expect(stepsOf(views)).toEqual([2, 1, 2]);
  });

  it('Back from STEP3 shows STEP2 with its data kept: Forward and the submission use it', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      open(2),
      open(1),
      open(3),
      submit(),
    );
    expect(stepsOf(views)).toEqual([2, 3, 2, 1, 3, 3]);
    expect(sent).toEqual([expect.objectContaining({ plan: SAMPLE_PLAN, applicant: SAMPLE_APPLICANT })]);
  });

  it('修改 on STEP3 opens the step, and confirming it returns to STEP3', async () => {
    const { views } = await play(
      confirmPlan(),
      confirmApplicant(),
      edit(1),
      confirmPlan(),
      edit(2),
      confirmApplicant(),
    );
    expect(views.map((v) => [v.step, v.returnsToReview])).toEqual([
      [2, false],
      [3, false],
      [1, true],
      [3, false],
      [2, true],
      [3, false],
    ]);
  });

  it('a cart emptied under STEP2 shows STEP1, which cannot go on until the cart has items', async () => {
    const { views } = await play(
      confirmPlan(),
      cartIs('empty'),
      open(2),
      confirmPlan(),
      cartIs('two'),
      open(3),
    );
    expect(stepsOf(views)).toEqual([2, 1, 1, 1, 1, 2]);
    expect(views[1]!.notice).toBe(true);
  });

  it('a cart emptied under STEP3 shows STEP1', async () => {
    const { views } = await play(confirmPlan(), confirmApplicant(), cartIs('empty'));
    expect(stepsOf(views)).toEqual([2, 3, 1]);
  });

  it('a cart changed under STEP2 says so once on each step, and again after a further change', async () => {
    const { views } = await play(
      confirmPlan(),
      cartIs('changed'), // STEP2 says so
      open(1), // STEP1 says so
      open(2), // STEP2 said so already
      cartIs('salary'), // a further change: STEP2 says so again
      open(1),
      cartIs('changed'),
      confirmPlan(), // confirmed on the cart as it is: nothing changed since
    );
    expect(views.map((v) => [v.step, v.notice])).toEqual([
      [2, false],
      [2, true],
      [1, true],
      [2, false],
      [2, true],
      [1, true],
      [1, true],
      [2, false],
    ]);
  });

  it('上一步 on STEP3 after a cart change STEP1 no longer holds for shows STEP1', async () => {
    // the salary item asks 平均月薪, which the confirmed plan does not have
    const { views } = await play(confirmPlan(), confirmApplicant(), cartIs('salary'), open(2));
    expect(stepsOf(views)).toEqual([2, 3, 3, 1]);
  });

  it('a refused application stays on STEP3 with the message and its data, and can be sent again', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      refusedWith('驗證碼錯誤'),
      submit('another solution'),
    );
    expect(views.slice(3).map(({ step, busy, failure }) => ({ step, busy, failure }))).toEqual([
      { step: 3, busy: false, failure: '驗證碼錯誤' },
      { step: 3, busy: true, failure: '' },
    ]);
    expect(sent).toEqual([
      expect.objectContaining({ requestId: SAMPLE_REQUEST_ID, captcha: SAMPLE_CAPTCHA }),
      expect.objectContaining({
        requestId: SAMPLE_REQUEST_ID,
        plan: SAMPLE_PLAN,
        applicant: SAMPLE_APPLICANT,
        roster: SAMPLE_ROSTER,
        captcha: 'another solution',
      }),
    ]);
  });

  it('a refusal that gives no reason says so in the page’s own words', async () => {
    const { views } = await play(confirmPlan(), confirmApplicant(), submit(), refusedWith(''));
    expect(views[3]).toMatchObject({ step: 3, busy: false, failure: '送出失敗，請稍後再試一次' });
  });

  it('a cart emptied while sending: the refusal stays on STEP3, which cannot send an empty cart again', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      cartIs('empty'),
      refusedWith('購物車中沒有保障項目'),
      submit(),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 3]);
    expect(views[4]!.failure).toBe('購物車中沒有保障項目');
    expect(views[5]!.busy).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('an answer lost on the way: the emptied cart makes STEP3 ask the server, and 重新查詢 asks until it knows', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      cartIs('empty'),
      lostAgain,
      recheck,
      found,
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 3, 3, 4]);
    expect(views[3]!.failure).toBe('網路連線異常，請確認網路後再試一次');
    expect(views.slice(4).map((v) => [v.busy, v.recheck])).toEqual([
      [true, true],
      [false, true],
      [true, true],
      [false, false],
    ]);
    expect(views[7]!.applicationNo).toBe('GI115112300001');
    const asked = { requestId: SAMPLE_REQUEST_ID };
    expect(sent).toEqual([expect.objectContaining({ requestId: SAMPLE_REQUEST_ID }), asked, asked]);
  });

  it('after a lost answer, a cart that changes but keeps items leaves STEP3 as it is: nothing is asked', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      cartIs('changed'),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3]);
    expect(views[4]).toMatchObject({ busy: false, recheck: false });
    expect(sent).toHaveLength(1);
  });

  it('STEP3’s own address while on STEP3 keeps STEP3, before and after a lost answer', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      open(3),
      submit(),
      answerLost,
      open(3),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 3]);
    expect(views[5]).toMatchObject({ busy: false, recheck: false });
    expect(sent).toHaveLength(1);
  });

  it('a captcha answer of spaces is no answer: nothing is sent', async () => {
    const { views, sent } = await play(confirmPlan(), confirmApplicant(), submit('   '));
    expect(views[2]).toMatchObject({ step: 3, busy: false });
    expect(sent).toEqual([]);
  });

  it('a 500 answer may come after the application was stored: the emptied cart makes STEP3 ask, as for no answer', async () => {
    const serverFailed = {
      type: 'xstate.error.actor.submitApplication',
      error: { returnCode: 500, message: '系統忙碌中，請稍後再試' },
    } as const;
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      serverFailed,
      cartIs('empty'),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3]);
    expect(views[4]).toMatchObject({ busy: true, recheck: true });
    expect(sent).toEqual([expect.anything(), { requestId: SAMPLE_REQUEST_ID }]);
  });

  it('an answer lost on the way, and the server holds no such application: STEP1 says it was not received', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      cartIs('empty'),
      notStored,
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 1]);
    expect(views[5]!.notReceived).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('修改 after a lost answer asks the server first: the stored application is shown, never edited', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      edit(2),
      found,
    );
    // STEP2's form never comes back: a resubmit would only get the stored application's answer
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 4]);
    expect(views[4]).toMatchObject({ busy: true, recheck: true, failure: '' });
    expect(views[5]!.applicationNo).toBe('GI115112300001');
    expect(sent).toEqual([
      expect.objectContaining({ requestId: SAMPLE_REQUEST_ID }),
      { requestId: SAMPLE_REQUEST_ID },
    ]);
  });

  it('Back from STEP3 after a lost answer asks the server; none stored: STEP1 says so and keeps the data', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      answerLost,
      open(2),
      notStored,
      confirmPlan(),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 3, 1, 2]);
    expect(views[5]!.notReceived).toBe(true);
    expect(sent).toEqual([expect.anything(), { requestId: SAMPLE_REQUEST_ID }]);
  });

  it('申請其他保障 starts a new application: new key, nothing kept', async () => {
    const { views, sent } = await play(
      confirmPlan(),
      confirmApplicant(),
      submit(),
      accepted,
      restart,
      open(3),
      confirmPlan(),
      confirmApplicant(),
      submit(),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 4, 1, 1, 2, 3, 3]);
    expect(views[4]!.applicationNo).toBe('');
    expect(sent.map((s) => (s as { requestId: string }).requestId)).toEqual([
      SAMPLE_REQUEST_ID,
      SAMPLE_RESTART_REQUEST_ID,
    ]);
  });
});

describe('the shopcart machine alone', () => {
  const held = () =>
    shopcartMachine.provide({
      actors: {
        submitApplication: fromPromise<SubmittedApplication, SubmitInput>(() => new Promise(() => {})),
      },
    });
  // another day's application: what a saved snapshot must win over (as the tab passes both)
  const otherInput: ShopcartInput = {
    requestId: SAMPLE_RESTART_REQUEST_ID,
    today: SAMPLE_RESTART_TODAY,
    cart: SAMPLE_CART_FACTS.empty,
  };

  it('announces a stored application with the server’s answer', async () => {
    const actor = createActor(
      shopcartMachine.provide({ actors: { submitApplication: fromPromise(async () => SAMPLE_SUBMITTED) } }),
      { input },
    );
    const announced: unknown[] = [];
    actor.on('application.submitted', (e) => void announced.push(e.application));
    actor.start();
    for (const event of [confirmPlan(), confirmApplicant(), submit()]) actor.send(event as never);
    await waitFor(actor, (s) => s.matches('done'));
    expect(announced).toEqual([SAMPLE_SUBMITTED]);
    expect(actor.getSnapshot().context.result).toEqual(SAMPLE_SUBMITTED);
  });

  it('a saved snapshot (as the tab keeps it) brings back the step and every typed value, never the captcha', async () => {
    const first = createActor(
      shopcartMachine.provide({
        actors: { submitApplication: fromPromise(async () => Promise.reject({ message: '驗證碼錯誤' })) },
      }),
      { input },
    ).start();
    for (const event of [confirmPlan(), confirmApplicant(), submit()]) first.send(event as never);
    await waitFor(first, (s) => !s.hasTag('busy'));
    const saved = JSON.stringify(first.getPersistedSnapshot());
    expect(saved).not.toContain(SAMPLE_CAPTCHA);

    const again = createActor(held(), { input: otherInput, snapshot: JSON.parse(saved) }).start();
    const restored = again.getSnapshot();
    // the server answered: nothing was stored
    expect(restored.value).toEqual({ review: 'answered' });
    expect(restored.context).toEqual({
      requestId: SAMPLE_REQUEST_ID,
      today: SAMPLE_TODAY,
      cart: SAMPLE_CART_FACTS.two,
      plan: SAMPLE_PLAN,
      applicant: SAMPLE_APPLICANT,
      roster: SAMPLE_ROSTER,
      confirmedCart: SAMPLE_CART_FACTS.two.signature,
      returning: false,
      reminders: { rmind1: false, rmind2: false, rmind3: false },
      failure: '驗證碼錯誤',
      notReceived: false,
      result: null,
    });
    // the restored flow goes on: Back, Forward, and the application sent with what was typed
    again.send(open(2) as never);
    expect(again.getSnapshot().value).toBe('details');
    again.send(open(3) as never);
    again.send(submit() as never);
    expect(again.getSnapshot().value).toEqual({ review: 'submitting' });
  });

  it('a saved STEP2 comes back on STEP2 with STEP1’s data', () => {
    const first = createActor(held(), { input }).start();
    first.send(confirmPlan() as never);
    const again = createActor(held(), {
      input: otherInput,
      snapshot: JSON.parse(JSON.stringify(first.getPersistedSnapshot())),
    });
    again.start();
    expect(again.getSnapshot().value).toBe('details');
    expect(again.getSnapshot().context.plan).toEqual(SAMPLE_PLAN);
  });
});
