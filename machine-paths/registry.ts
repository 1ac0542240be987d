import type { AnyStateMachine } from 'xstate';
import { applicationMachine } from '../machines/application.machine';
import { type CartContext, cartMachine } from '../machines/cart.machine';
import { consentMachine } from '../machines/consent.machine';
import { type ContactContext, contactMachine } from '../machines/contact.machine';
import { contactMessageMachine } from '../machines/contact-message.machine';
import { emailCodeMachine } from '../machines/email-code.machine';
import { outboxMessageMachine } from '../machines/outbox-message.machine';
import { type OverprintContext, overprintMachine } from '../machines/overprint.machine';
import { sessionMachine } from '../machines/session.machine';
import { cartChangedSinceConfirmed, type ShopcartContext } from '../machines/shopcart.context';
import { shopcartMachine } from '../machines/shopcart.machine';
import { type TryoutContext, tryoutMachine } from '../machines/tryout.machine';
import { messages } from '../src/domain/messages';
import {
  SAMPLE_BLANK_NOTE,
  SAMPLE_CLOSE_NOTE,
  SAMPLE_DECLINE_NOTE,
  SAMPLE_DOCUMENTS_NOTE,
  SAMPLE_PLAIN_NOTE,
} from './application/samples';
import {
  SAMPLE_CART_CAP,
  SAMPLE_EMPTY_CART,
  SAMPLE_FULL_CART,
  SAMPLE_NEW_AMOUNT,
  SAMPLE_PACKAGE,
} from './cart/samples';
import {
  SAMPLE_CONTACT_CAPTCHA,
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_CONTACT_RECEIPT,
  SAMPLE_CONTACT_REQUEST_ID,
  SAMPLE_CONTACT_RESTART_REQUEST_ID,
  SAMPLE_UNREACHABLE_CONTACT_MESSAGE,
} from './contact/samples';
import { SAMPLE_BLANK_REPLY, SAMPLE_INBOX_REPLY, SAMPLE_INBOX_STAFF } from './contact-message/samples';
import {
  SAMPLE_BEFORE_LAST_ATTEMPT,
  SAMPLE_BUSY_ANSWER,
  SAMPLE_FIRST_ATTEMPT,
  SAMPLE_LAST_ATTEMPT,
  SAMPLE_REFUSED_ANSWER,
  SAMPLE_UNREACHABLE_ANSWER,
} from './outbox-message/samples';
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
} from './overprint/samples';
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
} from './shopcart/samples';
import {
  SAMPLE_COVERS,
  SAMPLE_GROUP,
  SAMPLE_LARGE_GROUP,
  SAMPLE_QUOTE,
  SAMPLE_SALARY_GROUP,
  SAMPLE_SMALL_GROUP,
  SAMPLE_TRYOUT_RESTART_TODAY,
  SAMPLE_TRYOUT_TODAY,
} from './tryout/samples';

/**
 * The levels a generated path runs on: the machine alone, the rendered app in jsdom, the built app in
 * Chromium (machines/README.md).
 */
export const LEVELS = ['machine', 'jsdom', 'chromium'] as const;
export type Level = (typeof LEVELS)[number];

/** A machine with the payload cases its generated paths use: one per guard branch, done and error. */
export interface RegisteredMachine {
  id: string;
  title: string;
  machine: AnyStateMachine;
  events: ReadonlyArray<{ type: string; [key: string]: unknown }>;
  input?: unknown;
  /** what of the context tells states apart for path generation (default: all of it) */
  serializeContext?: (context: never) => unknown;
}

export const machines: RegisteredMachine[] = [
  {
    id: 'consent',
    title: 'Cookie 同意',
    machine: consentMachine,
    events: [
      { type: 'xstate.done.actor.readConsent', output: true },
      { type: 'xstate.done.actor.readConsent', output: false },
      { type: 'xstate.done.actor.storeConsent', output: undefined },
      { type: 'xstate.error.actor.storeConsent', error: { message: 'cookie blocked' } },
      { type: 'consent.accept' },
    ],
  },
  {
    id: 'cart',
    title: '購物車',
    machine: cartMachine,
    serializeContext: (context: CartContext) => ({
      items: context.cart.CLASS_LIST.length,
      maxItems: context.maxItems,
    }),
    events: [
      { type: 'xstate.done.actor.loadCart', output: { cart: SAMPLE_EMPTY_CART, maxItems: SAMPLE_CART_CAP } },
      { type: 'xstate.done.actor.loadCart', output: { cart: SAMPLE_FULL_CART, maxItems: SAMPLE_CART_CAP } },
      { type: 'xstate.error.actor.loadCart', error: { message: '' } },
      { type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'PKG' },
      { type: 'xstate.done.actor.insertCartItem', output: 'C0000000000000000000A' },
      { type: 'xstate.error.actor.insertCartItem', error: { data: 'modalCartFull', message: '購物車已滿' } },
      {
        type: 'xstate.error.actor.insertCartItem',
        error: { data: 'modalCartItemError', message: '此保障已在購物車中' },
      },
      { type: 'xstate.error.actor.insertCartItem', error: { data: null, message: messages.busy() } },
      { type: 'cart.remove', classId: 1 },
      { type: 'xstate.done.actor.removeCartItem', output: undefined },
      { type: 'xstate.error.actor.removeCartItem', error: { data: null, message: '請先移除附加保障' } },
      { type: 'cart.update', classId: 1, pkg: SAMPLE_NEW_AMOUNT, source: 'CELL' },
      { type: 'xstate.done.actor.updateCartItem', output: 'C0000000000000000000A' },
      {
        type: 'xstate.error.actor.updateCartItem',
        error: { data: 'modalCartItemError', message: '保障 1保額須以10萬為單位' },
      },
      { type: 'cart.refresh' },
      { type: 'cart.retry' },
      { type: 'dialog.close' },
    ],
  },
  {
    id: 'session',
    title: '工作階段',
    machine: sessionMachine,
    events: [
      {
        type: 'xstate.done.actor.startSession',
        output: { remindSeconds: 1440, endSeconds: 1740, elapsedSeconds: 0 },
      },
      { type: 'xstate.error.actor.startSession', error: { message: '' } },
      { type: 'xstate.done.actor.endSession', output: undefined },
      { type: 'xstate.error.actor.endSession', error: { message: '' } },
      { type: 'session.activity' },
      { type: 'session.continue' },
      { type: 'session.restart' },
    ],
  },
  {
    id: 'shopcart',
    title: '投保申請',
    machine: shopcartMachine,
    input: { requestId: SAMPLE_REQUEST_ID, today: SAMPLE_TODAY, cart: SAMPLE_CART_FACTS.two },
    // The day and the request id tell no state apart: one restart covers starting over. Which steps showed
    // the 「購物車內容已變更」 notice (rmind1-3) is left out: each step marks its own as it shows it, and the
    // three flags make the graph five times larger (501 vertices, not 95) for the same paths.
    serializeContext: (context: ShopcartContext) => {
      if (context.result !== null) return { result: true };
      return {
        cart: context.cart.signature,
        changed: cartChangedSinceConfirmed(context),
        plan: context.plan !== null,
        applicant: context.applicant !== null,
        returning: context.returning,
        failure: context.failure !== '',
        notReceived: context.notReceived,
      };
    },
    events: [
      ...Object.values(SAMPLE_CART_FACTS).map((cart) => ({ type: 'cart.changed', cart })),
      { type: 'plan.confirm', plan: SAMPLE_PLAN },
      { type: 'plan.confirm', plan: SAMPLE_INVALID_PLAN },
      { type: 'applicant.confirm', applicant: SAMPLE_APPLICANT, roster: SAMPLE_ROSTER },
      { type: 'applicant.confirm', applicant: SAMPLE_INVALID_APPLICANT, roster: SAMPLE_ROSTER },
      { type: 'application.submit', captcha: SAMPLE_CAPTCHA },
      { type: 'application.submit', captcha: '' },
      { type: 'reminder.shown', step: 1 },
      { type: 'reminder.shown', step: 2 },
      { type: 'reminder.shown', step: 3 },
      { type: 'flow.goto', step: 1 },
      { type: 'flow.goto', step: 2 },
      { type: 'flow.goto', step: 3 },
      { type: 'flow.edit', step: 1 },
      { type: 'flow.edit', step: 2 },
      { type: 'flow.restart', requestId: SAMPLE_RESTART_REQUEST_ID, today: SAMPLE_RESTART_TODAY },
      { type: 'xstate.done.actor.submitApplication', output: SAMPLE_SUBMITTED },
      { type: 'xstate.error.actor.submitApplication', error: { message: '驗證碼錯誤' } },
      // the answer lost: the network failed (the API client's returnCode -1)
      {
        type: 'xstate.error.actor.submitApplication',
        error: { returnCode: -1, message: '網路連線異常，請確認網路後再試一次' },
      },
      { type: 'application.recheck' },
      { type: 'xstate.done.actor.findApplication', output: SAMPLE_SUBMITTED },
      { type: 'xstate.error.actor.findApplication', error: { returnCode: 1, message: '查無這筆申請' } },
      {
        type: 'xstate.error.actor.findApplication',
        error: { returnCode: -1, message: '網路連線異常，請確認網路後再試一次' },
      },
    ],
  },
  {
    id: 'tryout',
    title: '保費試算',
    machine: tryoutMachine,
    input: { today: SAMPLE_TRYOUT_TODAY },
    // The day tells no state apart; the cover and group by their sample, the quote by being there.
    serializeContext: (context: TryoutContext) => ({
      cover: context.cover?.pkg.PACK_NAME ?? null,
      group: context.group?.headcount ?? null,
      salary: context.group?.salaryBasis ?? null,
      quote: context.quote !== null,
      added: context.added,
      failure: context.failure !== '',
    }),
    events: [
      ...Object.values(SAMPLE_COVERS).map((cover) => ({ type: 'cover.confirm', cover })),
      ...[SAMPLE_GROUP, SAMPLE_SALARY_GROUP, SAMPLE_LARGE_GROUP, SAMPLE_SMALL_GROUP].map((group) => ({
        type: 'group.confirm',
        group,
      })),
      { type: 'xstate.done.actor.quote', output: SAMPLE_QUOTE },
      { type: 'xstate.error.actor.quote', error: { message: '暫時無法試算，請稍後再試一次' } },
      { type: 'quote.retry' },
      { type: 'cart.added' },
      { type: 'flow.goto', step: 1 },
      { type: 'flow.goto', step: 2 },
      { type: 'flow.goto', step: 3 },
      { type: 'flow.restart', today: SAMPLE_TRYOUT_RESTART_TODAY },
    ],
  },
  {
    id: 'overprint',
    title: '文件套印',
    machine: overprintMachine,
    // the access by being there, the choice by its documents, the copies by whether there is one
    serializeContext: (context: OverprintContext) => ({
      access: context.access !== null,
      rosterOpen: context.access?.rosterOpen ?? false,
      documents: context.documents?.join() ?? null,
      codeSent: context.code !== null,
      reviewed: context.reviewed,
      printed: context.copies.length > 0,
      failure: context.failure !== '',
    }),
    events: [
      { type: 'lookup.submit', lookup: SAMPLE_LOOKUP },
      { type: 'lookup.submit', lookup: SAMPLE_UNSOLVED_LOOKUP },
      { type: 'link.open', ...SAMPLE_LINK },
      { type: 'link.open', ...SAMPLE_LINK, token: '' },
      { type: 'xstate.done.actor.lookup', output: SAMPLE_ACCESS },
      {
        type: 'xstate.error.actor.lookup',
        error: { message: '查無符合的申請資料，請確認受理編號、統一編號與聯絡手機都與申請時填寫的相同' },
      },
      { type: 'xstate.done.actor.openLink', output: SAMPLE_LINK_ACCESS },
      {
        type: 'xstate.error.actor.openLink',
        error: { message: '此列印連結已逾期，請以受理編號、統一編號與聯絡手機查詢申請' },
      },
      ...Object.values(SAMPLE_DOCUMENTS).map((documents) => ({ type: 'documents.confirm', documents })),
      { type: 'xstate.done.actor.sendRosterCode', output: SAMPLE_CODE_SENT },
      { type: 'xstate.error.actor.sendRosterCode', error: { message: messages.emailCodeTooMany(42) } },
      { type: 'code.submit', code: SAMPLE_CODE },
      { type: 'code.submit', code: SAMPLE_SHORT_CODE },
      { type: 'code.resend' },
      { type: 'documents.edit' },
      { type: 'xstate.done.actor.openRoster', output: SAMPLE_ROSTER_ACCESS },
      { type: 'xstate.error.actor.openRoster', error: { message: messages.emailCodeMismatch(4) } },
      { type: 'review.confirm' },
      { type: 'document.download' },
      { type: 'xstate.done.actor.download', output: SAMPLE_COPY },
      { type: 'xstate.error.actor.download', error: { message: messages.busy() } },
      { type: 'flow.goto', step: 1 },
      { type: 'flow.goto', step: 2 },
      { type: 'flow.goto', step: 3 },
      { type: 'flow.goto', step: 4 },
      { type: 'flow.restart' },
    ],
  },
  {
    id: 'contact',
    title: '聯絡我們',
    machine: contactMachine,
    input: { requestId: SAMPLE_CONTACT_REQUEST_ID },
    // the request id tells no state apart: one restart covers writing a new message
    serializeContext: (context: ContactContext) => ({
      message: context.message !== null,
      receipt: context.receipt !== null,
      failure: context.failure !== '',
    }),
    events: [
      { type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: SAMPLE_CONTACT_CAPTCHA },
      {
        type: 'contact.submit',
        message: SAMPLE_UNREACHABLE_CONTACT_MESSAGE,
        captcha: SAMPLE_CONTACT_CAPTCHA,
      },
      { type: 'contact.submit', message: SAMPLE_CONTACT_MESSAGE, captcha: '' },
      { type: 'xstate.done.actor.submitContact', output: SAMPLE_CONTACT_RECEIPT },
      { type: 'xstate.error.actor.submitContact', error: { message: '驗證碼錯誤' } },
      { type: 'contact.restart', requestId: SAMPLE_CONTACT_RESTART_REQUEST_ID },
    ],
  },
  {
    id: 'application',
    title: '申請案件',
    machine: applicationMachine,
    events: [
      { type: 'review.start' },
      { type: 'documents.request', note: SAMPLE_DOCUMENTS_NOTE },
      { type: 'documents.request', note: SAMPLE_BLANK_NOTE },
      { type: 'documents.request' },
      { type: 'documents.receive' },
      { type: 'underwriting.start', note: SAMPLE_PLAIN_NOTE },
      { type: 'application.accept' },
      { type: 'application.decline', note: SAMPLE_DECLINE_NOTE },
      { type: 'application.decline' },
      { type: 'application.close', note: SAMPLE_CLOSE_NOTE },
      { type: 'application.close', note: SAMPLE_BLANK_NOTE },
    ],
  },
  {
    id: 'contact-message',
    title: '聯絡訊息',
    machine: contactMessageMachine,
    events: [
      { type: 'message.assign', staff: SAMPLE_INBOX_STAFF },
      { type: 'message.assign', staff: '' },
      { type: 'message.reply', text: SAMPLE_INBOX_REPLY },
      { type: 'message.reply', text: SAMPLE_BLANK_REPLY },
      { type: 'message.close' },
      { type: 'message.reopen' },
    ],
  },
  {
    id: 'outbox-message',
    title: '寄件匣郵件',
    machine: outboxMessageMachine,
    // a refusal before the seventh try's failure: the failed path is then one a screen test stages with its
    // mail server's answer to a first try (the seventh is the machine's and the server's tests')
    events: [
      { type: 'delivery.take' },
      { type: 'delivery.accept' },
      { type: 'delivery.fail', attempt: SAMPLE_FIRST_ATTEMPT, answer: SAMPLE_BUSY_ANSWER, permanent: false },
      {
        type: 'delivery.fail',
        attempt: SAMPLE_BEFORE_LAST_ATTEMPT,
        answer: SAMPLE_UNREACHABLE_ANSWER,
        permanent: false,
      },
      {
        type: 'delivery.fail',
        attempt: SAMPLE_FIRST_ATTEMPT,
        answer: SAMPLE_REFUSED_ANSWER,
        permanent: true,
      },
      { type: 'delivery.fail', attempt: SAMPLE_LAST_ATTEMPT, answer: SAMPLE_BUSY_ANSWER, permanent: false },
      { type: 'lease.expire' },
      { type: 'message.resend' },
    ],
  },
  {
    id: 'email-code',
    title: '電子郵件驗證碼',
    machine: emailCodeMachine,
    // every event is bare: the code typed is right or wrong, and the wrong tries are the context
    events: [
      { type: 'code.match' },
      { type: 'code.mismatch' },
      { type: 'code.expire' },
      { type: 'code.supersede' },
      { type: 'code.withdraw' },
    ],
  },
];
