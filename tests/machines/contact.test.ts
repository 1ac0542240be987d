import { describe, expect, it } from 'vitest';
import { contactLevel } from '../../machine-paths/contact/machine-level';
import { ContactOracle, type ContactView } from '../../machine-paths/contact/oracle';
import {
  SAMPLE_CONTACT_CAPTCHA,
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_CONTACT_RECEIPT,
  SAMPLE_CONTACT_REQUEST_ID,
  SAMPLE_CONTACT_RESTART_REQUEST_ID,
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
import { machines } from '../../machine-paths/registry';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// The rules for the contact form as fixed sequences, played on the machine and on the oracle, which
// must agree after every step; each test then says what the rule promises the visitor.

const entry = machines.find((m) => m.id === 'contact')!;

async function play(...events: ContactEvent[]): Promise<{ views: ContactView[]; sent: unknown[] }> {
  const oracle = new ContactOracle(SAMPLE_CONTACT_REQUEST_ID);
  const views: ContactView[] = [];
  await runPath(
    scenarioPath(events),
    contactStimuli,
    oracle,
    machineDriver(entry, contactLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: ContactView }).view);
    },
    CONTACT_CALLS,
  );
  return { views: views.slice(1), sent: oracle.sent.map((s) => s.body) };
}

const last = (views: ContactView[]) => views.at(-1)!;
const CAPTCHA_WRONG = '驗證碼錯誤';
const FORM = { phase: 'form', busy: false, failure: null, receipt: null };

describe('the contact form', () => {
  it('sends the message once with its captcha and key, and shows the reference number and reply day', async () => {
    const { views, sent } = await play(send(), received());
    expect(views[0]).toEqual({ ...FORM, busy: true });
    expect(last(views)).toEqual({
      phase: 'sent',
      busy: false,
      failure: null,
      receipt: { contactNo: 'CT115112400001', replyBy: '2026-11-26', replyTo: 'hr@example.com.tw' },
    });
    expect(sent).toEqual([
      {
        requestId: SAMPLE_CONTACT_REQUEST_ID,
        message: SAMPLE_CONTACT_MESSAGE,
        captcha: SAMPLE_CONTACT_CAPTCHA,
      },
    ]);
  });

  it('sends nothing without the captcha solved or with a message the shared rules refuse', async () => {
    const { views, sent } = await play(
      send(SAMPLE_CONTACT_MESSAGE, ''),
      send(SAMPLE_UNREACHABLE_CONTACT_MESSAGE),
    );
    expect(views).toEqual([FORM, FORM]);
    expect(sent).toEqual([]);
  });

  it('keeps the form with the refusal; sending again is the same message under the same key', async () => {
    const { views, sent } = await play(send(), refusedWith(CAPTCHA_WRONG), send(), received());
    expect(views[1]).toEqual({ ...FORM, failure: CAPTCHA_WRONG });
    // the next try clears the refusal while it is under way
    expect(views[2]).toEqual({ ...FORM, busy: true });
    expect(last(views).phase).toBe('sent');
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((body) => (body as { requestId: string }).requestId))).toEqual(
      new Set([SAMPLE_CONTACT_REQUEST_ID]),
    );
  });

  it('after a refusal, still sends nothing without the captcha or with a message the rules refuse', async () => {
    const { views, sent } = await play(
      send(),
      refusedWith(CAPTCHA_WRONG),
      send(SAMPLE_CONTACT_MESSAGE, ''),
      send(SAMPLE_UNREACHABLE_CONTACT_MESSAGE),
    );
    expect(last(views)).toEqual({ ...FORM, failure: CAPTCHA_WRONG });
    expect(sent).toHaveLength(1);
  });

  it('answers at the address of the message that was sent, not of an earlier refused one', async () => {
    const other = { ...SAMPLE_CONTACT_MESSAGE, email: 'admin@example.com.tw' };
    const { views } = await play(send(), refusedWith(CAPTCHA_WRONG), send(other), received());
    expect(last(views).receipt?.replyTo).toBe('admin@example.com.tw');
  });

  it('says 系統忙碌中 when a refusal gives no reason', async () => {
    const { views } = await play(send(), refusedWith(''));
    expect(last(views).failure).toBe('系統忙碌中，請稍後再試');
  });

  it('takes no second 送出 while the first is under way', async () => {
    const { views, sent } = await play(send(), send());
    expect(last(views)).toEqual({ ...FORM, busy: true });
    expect(sent).toHaveLength(1);
  });

  it('再留一則訊息 brings back an empty form; the new message goes under a new key', async () => {
    const { views, sent } = await play(send(), received(), writeAgain(), send(), received());
    expect(views[2]).toEqual(FORM);
    expect((sent[1] as { requestId: string }).requestId).toBe(SAMPLE_CONTACT_RESTART_REQUEST_ID);
    expect(last(views).receipt).toEqual({
      contactNo: SAMPLE_CONTACT_RECEIPT.contactNo,
      replyBy: SAMPLE_CONTACT_RECEIPT.replyBy,
      replyTo: SAMPLE_CONTACT_MESSAGE.email,
    });
  });

  it('sends nothing from the done view and does not start a new message before one is sent', async () => {
    const done = await play(send(), received(), send());
    expect(last(done.views).phase).toBe('sent');
    expect(done.sent).toHaveLength(1);
    const early = await play(writeAgain(), send());
    expect((early.sent[0] as { requestId: string }).requestId).toBe(SAMPLE_CONTACT_REQUEST_ID);
  });
});
