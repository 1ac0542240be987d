import { and, assertEvent, assign, not, or, setup, stateIn } from 'xstate';
import {
  APPLICATION_NO,
  lookupSchema,
  type OverprintAccess,
  type OverprintDocument,
  type OverprintLookup,
  printableDocuments,
  type RosterCodeSent,
} from '../src/domain/api/overprint';
import { EMAIL_CODE } from '../src/domain/email-code';
import { messages } from '../src/domain/messages';
import { failureMessage } from './failure-message';
import { unbound } from './unbound';

/** One PDF the visitor downloaded in this flow (補印 adds another). */
export interface PrintedCopy {
  /** ISO instant the server printed it */
  printedAt: string;
  bytes: number;
}

export interface OverprintContext {
  /** what STEP1 (or the print link) opened: the token and the application's data; kept until another opens */
  access: OverprintAccess | null;
  /** STEP2's choice; null until confirmed */
  documents: OverprintDocument[] | null;
  /** where the code that opens the 名冊 went, and until when it works; null until one is sent */
  code: RosterCodeSent | null;
  /** STEP3 was confirmed for this choice */
  reviewed: boolean;
  copies: PrintedCopy[];
  /** why the last call was refused, as the server worded it */
  failure: string;
}

export type OverprintStep = 1 | 2 | 3 | 4;

export type OverprintEvent =
  | { type: 'lookup.submit'; lookup: OverprintLookup }
  /** STEP1 opened by the shopcart's print link: its token and the 受理編號 it names */
  | { type: 'link.open'; token: string; applicationNo: string }
  | { type: 'documents.confirm'; documents: OverprintDocument[] }
  /** STEP2, the 名冊 chosen without its code: the code the contact received is typed */
  | { type: 'code.submit'; code: string }
  /** 重新寄送驗證碼 */
  | { type: 'code.resend' }
  /** 改選文件: back from the code to the choice */
  | { type: 'documents.edit' }
  | { type: 'review.confirm' }
  | { type: 'document.download' }
  /** the URL asks for a step (browser Back or Forward, a deep link): granted as far as the data allows */
  | { type: 'flow.goto'; step: OverprintStep }
  /** 查詢其他申請, or the token has expired: everything opened is dropped */
  | { type: 'flow.restart' };

/** What opening the 名冊 is given: the visit's token and the code typed. */
export interface OpenRosterInput {
  token: string;
  code: string;
}

/** What the download actor is given: the token and the documents. */
export interface DownloadInput {
  token: string;
  documents: OverprintDocument[];
}

type Landing = 'identify' | 'choosing' | 'reviewing' | 'printing';

/** The 名冊 is chosen, and the visit's token does not print it yet: its code must be typed first. */
const awaitsRosterCode = (context: OverprintContext, documents: readonly OverprintDocument[]) =>
  documents.includes('roster') && !context.access!.rosterOpen;

function landing(context: OverprintContext, step: OverprintStep): Landing {
  if (step === 1 || context.access === null) return 'identify';
  if (step === 2 || context.documents === null || awaitsRosterCode(context, context.documents))
    return 'choosing';
  if (step === 3 || !context.reviewed) return 'reviewing';
  return 'printing';
}

const landsOn =
  (state: Landing) =>
  ({ context, event }: { context: OverprintContext; event: OverprintEvent }) => {
    assertEvent(event, 'flow.goto');
    return landing(context, event.step) === state;
  };

const FRESH: OverprintContext = {
  access: null,
  documents: null,
  code: null,
  reviewed: false,
  copies: [],
  failure: '',
};

/**
 * The overprint (套印, ODGAF050-053): 身分驗證 → 選擇文件 → 確認資料 → 下載列印. STEP1 opens an application
 * with its identifiers or the print link's token; the server answers a token for the visit and the data the
 * documents print. STEP4 downloads the chosen documents as one PDF, as often as asked (補印).
 */
export const overprintMachine = setup({
  types: {
    context: {} as OverprintContext,
    events: {} as OverprintEvent,
  },
  actors: {
    /** POST overprint/lookup; rejects with { message } when refused */
    lookup: unbound<OverprintAccess, OverprintLookup>('lookup'),
    /** POST DTODGAZ0/getDecryptData; rejects with { message } when the token does not open */
    openLink: unbound<OverprintAccess, { token: string; applicationNo: string }>('openLink'),
    /** POST overprint/rosterCode: e-mails the code to the application's contact; rejects with { message } */
    sendRosterCode: unbound<RosterCodeSent, { token: string }>('sendRosterCode'),
    /** POST overprint/rosterOpen: the access that prints the 名冊; rejects with { message } */
    openRoster: unbound<OverprintAccess, OpenRosterInput>('openRoster'),
    /** POST overprint/document and hand the PDF to the browser; rejects with { message } */
    download: unbound<PrintedCopy, DownloadInput>('download'),
  },
  guards: {
    lookupValid: ({ event }) => {
      assertEvent(event, 'lookup.submit');
      return lookupSchema.isValidSync(event.lookup);
    },
    linkValid: ({ event }) => {
      assertEvent(event, 'link.open');
      return event.token !== '' && APPLICATION_NO.test(event.applicationNo);
    },
    documentsPrintable: ({ context, event }) => {
      assertEvent(event, 'documents.confirm');
      const printable: readonly OverprintDocument[] = printableDocuments(context.access!.application);
      return event.documents.length > 0 && event.documents.every((doc) => printable.includes(doc));
    },
    needsRosterCode: ({ context, event }) => {
      assertEvent(event, 'documents.confirm');
      return awaitsRosterCode(context, event.documents);
    },
    codeWellFormed: ({ event }) => {
      assertEvent(event, 'code.submit');
      return EMAIL_CODE.test(event.code);
    },
    codeSent: ({ context }) => context.code !== null,
    opened: ({ context }) => context.access !== null,
    toIdentify: landsOn('identify'),
    toChoosing: landsOn('choosing'),
    toReviewing: landsOn('reviewing'),
    toPrinting: landsOn('printing'),
  },
  actions: {
    keepAccess: assign(({ event }) => ({
      ...FRESH,
      access: (event as unknown as { output: OverprintAccess }).output,
    })),
    keepFailure: assign({ failure: ({ event }) => failureMessage(event, messages.busy()) }),
    clearFailure: assign({ failure: '' }),
    keepDocuments: assign(({ context, event }) => {
      assertEvent(event, 'documents.confirm');
      // the document order is the printed order, whatever order they were ticked in
      const documents = printableDocuments(context.access!.application).filter((doc) =>
        event.documents.includes(doc),
      );
      const same = JSON.stringify(documents) === JSON.stringify(context.documents);
      return { documents, reviewed: same && context.reviewed };
    }),
    keepCodeSent: assign({ code: ({ event }) => (event as unknown as { output: RosterCodeSent }).output }),
    dropCode: assign({ code: null }),
    keepRosterAccess: assign({
      access: ({ event }) => (event as unknown as { output: OverprintAccess }).output,
      code: null,
    }),
    markReviewed: assign({ reviewed: true }),
    keepCopy: assign({
      copies: ({ context, event }) => [
        ...context.copies,
        (event as unknown as { output: PrintedCopy }).output,
      ],
    }),
    restart: assign(() => FRESH),
  },
}).createMachine({
  id: 'overprint',
  context: FRESH,
  initial: 'identify',
  on: {
    // once an application is open, and not while a call is under way: its answer would land in the fresh flow
    'flow.restart': {
      guard: and([
        'opened',
        not(
          or([
            stateIn('#overprint.identify.looking'),
            stateIn('#overprint.identify.opening'),
            stateIn('#overprint.choosing.sendingCode'),
            stateIn('#overprint.choosing.checkingCode'),
            stateIn('#overprint.printing.downloading'),
          ]),
        ),
      ]),
      target: '.identify',
      actions: 'restart',
    },
  },
  states: {
    identify: {
      meta: { step: 1 },
      // a refusal is shown on its step until the visitor tries again there or leaves it
      exit: 'clearFailure',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'lookup.submit': { guard: 'lookupValid', target: 'looking', actions: 'clearFailure' },
            'link.open': { guard: 'linkValid', target: 'opening', actions: 'clearFailure' },
            'flow.goto': [
              { guard: 'toChoosing', target: '#overprint.choosing' },
              { guard: 'toReviewing', target: '#overprint.reviewing' },
              { guard: 'toPrinting', target: '#overprint.printing' },
            ],
          },
        },
        looking: {
          tags: ['busy'],
          invoke: {
            id: 'lookup',
            src: 'lookup',
            input: ({ event }) => {
              assertEvent(event, 'lookup.submit');
              return event.lookup;
            },
            onDone: { target: '#overprint.choosing', actions: 'keepAccess' },
            onError: { target: 'editing', actions: 'keepFailure' },
          },
        },
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'openLink',
            src: 'openLink',
            input: ({ event }) => {
              assertEvent(event, 'link.open');
              return { token: event.token, applicationNo: event.applicationNo };
            },
            onDone: { target: '#overprint.choosing', actions: 'keepAccess' },
            onError: { target: 'editing', actions: 'keepFailure' },
          },
        },
      },
    },
    choosing: {
      meta: { step: 2 },
      exit: 'clearFailure',
      initial: 'editing',
      on: {
        'flow.goto': [
          { guard: 'toIdentify', target: 'identify' },
          { guard: 'toReviewing', target: 'reviewing' },
          { guard: 'toPrinting', target: 'printing' },
        ],
      },
      states: {
        editing: {
          on: {
            'documents.confirm': [
              {
                guard: and(['documentsPrintable', 'needsRosterCode']),
                target: 'sendingCode',
                actions: ['keepDocuments', 'clearFailure'],
              },
              { guard: 'documentsPrintable', target: '#overprint.reviewing', actions: 'keepDocuments' },
            ],
          },
        },
        sendingCode: {
          tags: ['busy'],
          invoke: {
            id: 'sendRosterCode',
            src: 'sendRosterCode',
            input: ({ context }) => ({ token: context.access!.token }),
            onDone: { target: 'enteringCode', actions: 'keepCodeSent' },
            // a resend refused leaves the code sent before to be typed; a first send refused, the choice
            onError: [
              { guard: 'codeSent', target: 'enteringCode', actions: 'keepFailure' },
              { target: 'editing', actions: 'keepFailure' },
            ],
          },
        },
        enteringCode: {
          description: 'The code went to the application’s contact; the 名冊 prints once it is typed.',
          on: {
            'code.submit': { guard: 'codeWellFormed', target: 'checkingCode', actions: 'clearFailure' },
            'code.resend': { target: 'sendingCode', actions: 'clearFailure' },
            'documents.edit': { target: 'editing', actions: ['clearFailure', 'dropCode'] },
          },
        },
        checkingCode: {
          tags: ['busy'],
          invoke: {
            id: 'openRoster',
            src: 'openRoster',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submit');
              return { token: context.access!.token, code: event.code };
            },
            onDone: { target: '#overprint.reviewing', actions: 'keepRosterAccess' },
            onError: { target: 'enteringCode', actions: 'keepFailure' },
          },
        },
      },
    },
    reviewing: {
      meta: { step: 3 },
      on: {
        'review.confirm': { target: 'printing', actions: 'markReviewed' },
        'flow.goto': [
          { guard: 'toIdentify', target: 'identify' },
          { guard: 'toChoosing', target: 'choosing' },
          { guard: 'toPrinting', target: 'printing' },
        ],
      },
    },
    printing: {
      meta: { step: 4 },
      exit: 'clearFailure',
      initial: 'ready',
      on: {
        'flow.goto': [
          { guard: 'toIdentify', target: 'identify' },
          { guard: 'toChoosing', target: 'choosing' },
          { guard: 'toReviewing', target: 'reviewing' },
        ],
      },
      states: {
        ready: {
          description: 'The chosen documents are listed; nothing is printed until the visitor asks.',
          on: { 'document.download': { target: 'downloading', actions: 'clearFailure' } },
        },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ token: context.access!.token, documents: context.documents! }),
            onDone: { target: 'ready', actions: 'keepCopy' },
            onError: { target: 'ready', actions: 'keepFailure' },
          },
        },
      },
    },
  },
});
