import { and, assertEvent, assign, not, setup, stateIn } from 'xstate';
import {
  groupSchema,
  type TryoutGroup,
  type TryoutQuote,
  type TryoutValidationContext,
} from '../src/domain/api/tryout';
import { buildCartItem, type CartItemInput, type InputPackage } from '../src/domain/cart-item';
import { messages } from '../src/domain/messages';
import { GROUP_SIZE } from '../src/domain/pricing';
import { failureMessage } from './failure-message';
import { unbound } from './unbound';

/** What the visitor chose on STEP1, as the form holds it. */
export type TryoutChoice =
  | { kind: 'package'; packId: string }
  | { kind: 'cells'; cells: Array<{ prodId: string; choice: number }> };

/** STEP1's choice with what the catalogue says of it (the binding reads the catalogue). */
export interface ChosenCover {
  choice: TryoutChoice;
  /** the cart item the choice becomes: what is quoted, and what 加入購物車 puts in the cart */
  pkg: InputPackage;
  source: 'PKG' | 'CELL';
  /** join ages every chosen product accepts; null when they do not overlap */
  ages: readonly [number, number] | null;
  needsSalary: boolean;
  /** a chosen rider whose main product is not chosen (its name); null when there is none */
  unmetRider: string | null;
}

export interface TryoutInput {
  /** ISO date in Asia/Taipei: the labor-insurance salary table in force */
  today: string;
}

export interface TryoutContext extends TryoutInput {
  cover: ChosenCover | null;
  group: TryoutGroup | null;
  /** the server's quote of this cover for this group; cleared when either changes */
  quote: TryoutQuote | null;
  /** the quoted item went into the cart */
  added: boolean;
  /** why the last quote could not be had */
  failure: string;
}

export type TryoutStep = 1 | 2 | 3;

export type TryoutEvent =
  | { type: 'cover.confirm'; cover: ChosenCover }
  | { type: 'group.confirm'; group: TryoutGroup }
  | { type: 'quote.retry' }
  /** the cart machine took the quoted item (the binding hears its cart.added) */
  | { type: 'cart.added' }
  /** the URL asks for a step (browser Back or Forward, a deep link): granted as far as the data allows */
  | { type: 'flow.goto'; step: TryoutStep }
  /** STEP3's 重新試算: everything chosen is dropped */
  | { type: 'flow.restart'; today: string };

/** What tryout/quote is sent: the cart item and the group. */
export interface QuoteInput {
  item: CartItemInput;
  group: TryoutGroup;
}

const sameCover = (a: ChosenCover | null, b: ChosenCover) => JSON.stringify(a?.pkg) === JSON.stringify(b.pkg);

type ValidCover = ChosenCover & { ages: readonly [number, number] };

function coverValid(cover: ChosenCover | null): cover is ValidCover {
  return cover !== null && cover.pkg.PROD_LIST.length > 0 && cover.ages !== null && cover.unmetRider === null;
}

/** The group holds for the cover: its join ages, and the salary when a line is a salary multiple. */
function groupHolds(today: string, cover: ValidCover, group: TryoutGroup | null): boolean {
  const rules: TryoutValidationContext = { today, ages: cover.ages, needsSalary: cover.needsSalary };
  return groupSchema.isValidSync(group, { context: rules });
}

/** From 50 people the premium is quoted by a person (docs/domain.md §2.3). */
const negotiated = (group: TryoutGroup) => group.headcount > GROUP_SIZE.maxOnline;

type Landing = 'choosing' | 'describing' | 'quoting' | 'quoted' | 'added' | 'negotiated';

/** The state a URL asking for `step` shows: that step, or the furthest one before it the data allows. */
function landing(context: TryoutContext, step: TryoutStep): Landing {
  const { cover, group } = context;
  if (step === 1 || !coverValid(cover)) return 'choosing';
  if (step === 2 || !groupHolds(context.today, cover, group)) return 'describing';
  if (negotiated(group!)) return 'negotiated';
  if (context.quote === null) return 'quoting';
  return context.added ? 'added' : 'quoted';
}

const fresh = (input: TryoutInput): TryoutContext => ({
  ...input,
  cover: null,
  group: null,
  quote: null,
  added: false,
  failure: '',
});

/** flow.goto guards: one per state a URL can land on. */
const landsOn =
  (state: Landing) =>
  ({ context, event }: { context: TryoutContext; event: TryoutEvent }) => {
    assertEvent(event, 'flow.goto');
    return landing(context, event.step) === state;
  };

/**
 * The premium trial (ODGAF070-072): 選擇保障 → 投保團體 → 試算結果. The machine owns the step: each step's
 * data must be accepted before the next is shown. The quote is the server's, asked whenever the group is
 * confirmed; changing the cover or the group drops it. From 50 people there is no online quote.
 */
export const tryoutMachine = setup({
  types: {
    context: {} as TryoutContext,
    input: {} as TryoutInput,
    events: {} as TryoutEvent,
  },
  actors: {
    /** POST tryout/quote; rejects with { message } when refused */
    quote: unbound<TryoutQuote, QuoteInput>('quote'),
  },
  guards: {
    coverAccepted: ({ event }) => {
      assertEvent(event, 'cover.confirm');
      return coverValid(event.cover);
    },
    groupAccepted: ({ context, event }) => {
      assertEvent(event, 'group.confirm');
      // STEP2 is shown only for a valid cover
      return groupHolds(context.today, context.cover as ValidCover, event.group);
    },
    negotiatedGroup: ({ event }) => {
      assertEvent(event, 'group.confirm');
      return negotiated(event.group);
    },
    toChoosing: landsOn('choosing'),
    toDescribing: landsOn('describing'),
    toQuoting: landsOn('quoting'),
    toNegotiated: landsOn('negotiated'),
    toQuoted: landsOn('quoted'),
    toAdded: landsOn('added'),
  },
  actions: {
    keepCover: assign(({ context, event }) => {
      assertEvent(event, 'cover.confirm');
      return sameCover(context.cover, event.cover)
        ? { cover: event.cover }
        : { cover: event.cover, quote: null, added: false };
    }),
    keepGroup: assign(({ event }) => {
      assertEvent(event, 'group.confirm');
      return { group: event.group, quote: null, added: false };
    }),
    keepFailure: assign({ failure: ({ event }) => failureMessage(event, messages.quoteFailed()) }),
    keepQuote: assign({ quote: ({ event }) => (event as unknown as { output: TryoutQuote }).output }),
    markAdded: assign({ added: true }),
    restart: assign(({ event }) => {
      assertEvent(event, 'flow.restart');
      return fresh({ today: event.today });
    }),
  },
}).createMachine({
  id: 'tryout',
  context: ({ input }) => fresh(input),
  initial: 'choosing',
  states: {
    choosing: {
      meta: { step: 1 },
      on: {
        'cover.confirm': { guard: 'coverAccepted', target: 'describing', actions: 'keepCover' },
        'flow.goto': [
          { guard: 'toDescribing', target: 'describing' },
          { guard: 'toNegotiated', target: 'result.negotiated' },
          { guard: 'toQuoting', target: 'result.quoting' },
          { guard: 'toQuoted', target: 'result.quoted' },
          { guard: 'toAdded', target: 'result.added' },
        ],
      },
    },
    describing: {
      meta: { step: 2 },
      on: {
        'group.confirm': [
          {
            guard: and(['groupAccepted', 'negotiatedGroup']),
            target: 'result.negotiated',
            actions: 'keepGroup',
          },
          { guard: 'groupAccepted', target: 'result.quoting', actions: 'keepGroup' },
        ],
        'flow.goto': [
          { guard: 'toChoosing', target: 'choosing' },
          { guard: 'toNegotiated', target: 'result.negotiated' },
          { guard: 'toQuoting', target: 'result.quoting' },
          { guard: 'toQuoted', target: 'result.quoted' },
          { guard: 'toAdded', target: 'result.added' },
        ],
      },
    },
    result: {
      meta: { step: 3 },
      initial: 'quoting',
      on: {
        'flow.goto': [
          { guard: 'toChoosing', target: 'choosing' },
          { guard: 'toDescribing', target: 'describing' },
        ],
        // 重新試算 is offered once the step has its answer
        'flow.restart': {
          guard: not(stateIn('#tryout.result.quoting')),
          target: 'choosing',
          actions: 'restart',
        },
      },
      states: {
        quoting: {
          tags: ['busy'],
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }) => ({
              item: buildCartItem(context.cover!.pkg, context.cover!.source, ''),
              group: context.group!,
            }),
            onDone: { target: 'quoted', actions: 'keepQuote' },
            onError: { target: 'quoteFailed', actions: 'keepFailure' },
          },
        },
        quoteFailed: {
          on: { 'quote.retry': 'quoting' },
        },
        quoted: {
          on: { 'cart.added': { target: 'added', actions: 'markAdded' } },
        },
        added: {
          description: 'The quoted item is in the cart: STEP3 offers the application instead.',
        },
        negotiated: {
          description: '50 people or more: 「請洽專人報價」 and the contact page, no online quote.',
        },
      },
    },
  },
});
