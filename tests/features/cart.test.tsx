import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { machines } from '../../machines/registry';
import type { Cart } from '../../src/domain/cart-item';
import type { HeldNetwork } from '../support/api-calls';
import { PACKAGES } from '../support/catalogue-fixture';
import { domAgreement, withDialogText } from '../support/dom-agreement';
import { flowPaths } from '../support/flow-model';
import { cartScreen } from '../support/flow-screens';
import { CART_CALLS, cartStimuli } from '../support/flows/cart.flow';
import { type CartCall, CartOracle, type CartStimulus, type CartView } from '../support/oracles/cart.oracle';
import { ok, refused, type ServerReply } from '../support/oracles/oracle';
import { type FlowPage, pathOnPage, scenarioOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { WalkStep } from '../support/walks';

const entry = machines.find((m) => m.id === 'cart')!;
const PAGE = '/product/Intropackage?PACK_ID=BASIC';
const BASIC = PACKAGES.find((p) => p.PACK_ID === 'BASIC')!;

const cartButton = () => screen.getByRole('button', { name: /^購物車/ });
const panel = () => screen.getByRole('region', { name: '購物車內容', hidden: true });

async function openPanel(user: UserEvent) {
  if (cartButton().getAttribute('aria-expanded') !== 'true') await user.click(cartButton());
  return within(panel());
}

/** The rendered app with its live cart, the visitor's clicks and the held network. */
function cartOnPage({
  network,
  user,
}: {
  network: HeldNetwork;
  user: UserEvent;
}): PathDriver<CartStimulus, CartView> {
  let lastCart: Cart | undefined;
  return {
    async act(s) {
      switch (s.kind) {
        case 'add':
          await user.click(await screen.findByRole('button', { name: '加入購物車' }));
          return;
        case 'remove': {
          const title = lastCart?.CLASS_LIST.find((c) => c.CLASS_ID === s.classId)?.CLASS_TITLE;
          await user.click((await openPanel(user)).getByRole('button', { name: `移除「${title}」` }));
          return;
        }
        case 'retry':
          await user.click((await openPanel(user)).getByRole('button', { name: '重新載入' }));
          return;
        case 'closeDialog':
          await user.click(screen.getByRole('button', { name: '我知道了' }));
          return;
        case 'reply':
          if (s.call === 'getCart' && s.reply !== 'network-error' && s.reply.returnCode === 0)
            lastCart = s.reply.data as Cart;
          await act(() => network.reply(s.call, s.reply));
      }
    },
    wait: async () => {},
    view: async () => cartScreen() as CartView,
    sent: () => network.sent().filter((r) => (CART_CALLS as readonly string[]).includes(r.call)),
  };
}

const CART_PAGE: FlowPage<CartStimulus, CartView> = {
  machineId: entry.id,
  path: PAGE,
  calls: CART_CALLS,
  agree: domAgreement(withDialogText),
  driver: cartOnPage,
  after: () => {
    window.dataLayer = [];
  },
};

describe('cart paths on the rendered app, against the cart oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () => pathOnPage(CART_PAGE, path, cartStimuli(BASIC), new CartOracle()));
});

const item = (id: number) => ({
  CLASS_ID: id,
  SOURCE_CODE: 'CELL' as const,
  CLASS_TITLE: `保障組合 ${id}`,
  IS_SLRY_MLTPL: 'N' as const,
  PROD_LIST: [
    {
      PROD_ID: `P${id}`,
      PROD_NAME: `保障 ${id}`,
      ORDER_SEQ: 1,
      IS_ACC: 'N' as const,
      FACE_AMT_TYPE: 1 as const,
      FACE_AMT: 100_000,
    },
  ],
});

/** A cart as the server may answer it: up to SPEC's 5 items, with or without a number. */
const serverCart = fc
  .record({ ids: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 5 }), numbered: fc.boolean() })
  .map(({ ids, numbered }) => ({
    CHANNEL: '1',
    CART_NO: numbered ? 'C20261123000000000001' : '',
    COOKIE_CART_NO: numbered ? 'C20261123000000000001' : '',
    CLASS_LIST: ids.map(item),
  }));

type Step = WalkStep<CartOracle, CartStimulus, CartView>;

const ADD: Step = new WalkStep(
  '加入購物車',
  (o) => o.idle,
  () => ({ kind: 'add', pkg: BASIC }),
);
const remove = (i: number): Step =>
  new WalkStep(
    `移除第 ${i + 1} 項`,
    (o) => o.idle && o.items.length > i,
    (o) => ({ kind: 'remove', classId: o.items[i]!.CLASS_ID }),
  );
const RETRY: Step = new WalkStep(
  '重新載入',
  (o) => o.view().loadFailed,
  () => ({ kind: 'retry' }),
);
const CLOSE: Step = new WalkStep(
  '我知道了',
  (o) => o.view().dialog !== null,
  () => ({ kind: 'closeDialog' }),
);
const reply = (call: CartCall, [label, answer]: [string, ServerReply]): Step =>
  new WalkStep(
    `${call} ← ${label}`,
    (o) => o.awaits(call),
    () => ({ kind: 'reply', call, reply: answer }),
  );

const cartOf = (...ids: number[]) => ({
  CHANNEL: '1',
  CART_NO: ids.length > 0 ? 'C20261123000000000001' : '',
  COOKIE_CART_NO: ids.length > 0 ? 'C20261123000000000001' : '',
  CLASS_LIST: ids.map(item),
});
const REFUSED: [string, ServerReply] = ['refused', refused(null, '系統忙碌中，請稍後再試')];
const NETWORK_DOWN: [string, ServerReply] = ['network down', 'network-error'];
const INSERTED = reply('insertCart', ['inserted', ok('C20261123000000000001')]);
const cartReply = (...ids: number[]) => reply('getCart', [`${ids.length} items`, ok(cartOf(...ids))]);
const opened = (limit: number, ...ids: number[]) => [
  reply('getExtraSetup', [`limit ${limit}`, ok({ cartMaxItems: limit })]),
  cartReply(...ids),
];

// SPEC §4 and §8 as sequences a visitor and the server go through, whatever the machine declares.
const SCENARIOS: [string, Step[]][] = [
  ['加入購物車 reads the cart again and shows the new item', [...opened(5), ADD, INSERTED, cartReply(1)]],
  [
    'a cart that cannot be read again after 加入購物車 offers 重新載入, which reads it',
    [...opened(5), ADD, INSERTED, reply('getCart', REFUSED), RETRY, cartReply(1)],
  ],
  ...(
    [
      ['full', refused('modalCartFull', '購物車已滿')],
      ['item error', refused('modalCartItemError', '此保障已在購物車中')],
      REFUSED,
      NETWORK_DOWN,
    ] as [string, ServerReply][]
  ).map(([label, answer]): [string, Step[]] => [
    `insertCart ${label}: its dialog, 我知道了 closes it, and 加入購物車 works again`,
    [...opened(5), ADD, reply('insertCart', [label, answer]), CLOSE, ADD, INSERTED, cartReply(1)],
  ]),
  ...[REFUSED, NETWORK_DOWN].map(([label, answer]): [string, Step[]] => [
    `deleteCartItem ${label}: its dialog, 我知道了 closes it, and 移除 works again`,
    [
      ...opened(5, 1, 2),
      remove(0),
      reply('deleteCartItem', [label, answer]),
      CLOSE,
      remove(0),
      reply('deleteCartItem', ['removed', ok(null)]),
      cartReply(2),
    ],
  ]),
  [
    'a full cart refuses 加入購物車 at once; 我知道了 closes the dialog',
    [...opened(1, 1), ADD, CLOSE, remove(0)],
  ],
];

describe('SPEC scenarios on the rendered app, against the cart oracle', () => {
  for (const [name, steps] of SCENARIOS) it(name, () => scenarioOnPage(CART_PAGE, steps, new CartOracle()));
});

const answers = (call: CartCall, replies: fc.Arbitrary<[string, ServerReply]>) =>
  replies.map((r) => reply(call, r));
const failure = fc.constantFrom<[string, ServerReply]>(REFUSED, NETWORK_DOWN);

const CART_WALK: fc.Arbitrary<Step>[] = [
  fc.constant(ADD),
  fc.nat(4).map(remove),
  fc.constant(RETRY),
  fc.constant(CLOSE),
  answers(
    'getExtraSetup',
    fc.oneof(
      fc
        .integer({ min: 1, max: 5 })
        .map((n): [string, ServerReply] => [`limit ${n}`, ok({ cartMaxItems: n })]),
      failure,
    ),
  ),
  answers(
    'getCart',
    fc.oneof(
      serverCart.map((c): [string, ServerReply] => [`${c.CLASS_LIST.length} items`, ok(c)]),
      failure,
    ),
  ),
  answers(
    'insertCart',
    fc.oneof(
      fc.constant<[string, ServerReply]>(['inserted', ok('C20261123000000000001')]),
      fc.constant<[string, ServerReply]>(['full', refused('modalCartFull', '購物車已滿')]),
      fc.constant<[string, ServerReply]>(['item error', refused('modalCartItemError', '此保障已在購物車中')]),
      failure,
    ),
  ),
  answers('deleteCartItem', fc.oneof(fc.constant<[string, ServerReply]>(['removed', ok(null)]), failure)),
];

describe('random walks of a visitor on the rendered app, against the cart oracle', () => {
  it(
    'agrees with the oracle after every action and answer',
    () => walksOnPage(CART_PAGE, CART_WALK, () => new CartOracle(), { maxCommands: 80, numRuns: 25 }),
    180_000,
  );
});
