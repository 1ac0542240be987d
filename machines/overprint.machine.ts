import { and, assertEvent, assign, not, or, setup, stateIn } from 'xstate';
import {
  APPLICATION_NO,
  lookupSchema,
  type OverprintAccess,
  type OverprintDocument,
  type OverprintLookup,
  printableDocuments,
} from '../src/domain/api/overprint';
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
  | { type: 'review.confirm' }
  | { type: 'document.download' }
  /** the URL asks for a step (browser Back or Forward, a deep link): granted as far as the data allows */
  | { type: 'flow.goto'; step: OverprintStep }
  /** 查詢其他申請, or the token has expired: everything opened is dropped */
  | { type: 'flow.restart' };

/** What the download actor is given: the token and the documents. */
export interface DownloadInput {
  token: string;
  documents: OverprintDocument[];
}

type Landing = 'identify' | 'choosing' | 'reviewing' | 'printing';

function landing(context: OverprintContext, step: OverprintStep): Landing {
  if (step === 1 || context.access === null) return 'identify';
  if (step === 2 || context.documents === null) return 'choosing';
  if (step === 3 || !context.reviewed) return 'reviewing';
  return 'printing';
}

const landsOn =
  (state: Landing) =>
  ({ context, event }: { context: OverprintContext; event: OverprintEvent }) => {
    assertEvent(event, 'flow.goto');
    return landing(context, event.step) === state;
  };

const FRESH: OverprintContext = { access: null, documents: null, reviewed: false, copies: [], failure: '' };

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
      on: {
        'documents.confirm': { guard: 'documentsPrintable', target: 'reviewing', actions: 'keepDocuments' },
        'flow.goto': [
          { guard: 'toIdentify', target: 'identify' },
          { guard: 'toReviewing', target: 'reviewing' },
          { guard: 'toPrinting', target: 'printing' },
        ],
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
