import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { type CartCall, CartOracle, type CartStimulus, type CartView } from '../../machine-paths/cart/oracle';
import { SAMPLE_CELLS } from '../../machine-paths/cart/samples';
import { CART_CALLS, cartStimuli, choiceOf } from '../../machine-paths/cart/stimuli';
import { type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { Cart, CartClass, InputPackage } from '../../src/domain/cart-item';
import type { CatalogueCell } from '../../src/domain/catalogue';
import { catalogueServer } from '../screens/catalogue-server';
import type { HeldNetwork } from '../support/api-calls';
import { PACKAGES } from '../support/catalogue-fixture';
import { domAgreement, withDialogText } from '../support/dom-agreement';
import { cartScreen } from '../support/flow-screens';
import { ok, refused, type ServerReply } from '../support/oracle';
import { type FlowPage, pathOnPage, scenarioOnPage, walksOnPage } from '../support/page-runs';
import type { PathDriver } from '../support/path-runner';
import { envelope } from '../support/render-app';
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
        case 'update': {
          // the item's amount chooser in the shopcart STEP1's table
          const title = lastCart?.CLASS_LIST.find((c) => c.CLASS_ID === s.classId)?.CLASS_TITLE;
          const table = await screen.findByRole('table', { name: '投保項目' });
          const row = within(table).getByRole('rowheader', { name: title }).closest('tr')!;
          const chooser = await within(row).findByRole('combobox', { name: /^(保額|月投保薪資倍數)$/ });
          await user.selectOptions(chooser, String(choiceOf(s.pkg)));
          return;
        }
        case 'refresh':
          // the visitor comes back to the tab
          Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
          act(() => {
            document.dispatchEvent(new Event('visibilitychange'));
          });
          return;
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
    Reflect.deleteProperty(document, 'visibilityState');
  },
};

/** A salary cell besides the samples' flat ones: its chooser offers multiples (月投保薪資倍數). */
const SALARY_CELL: CatalogueCell = {
  ...SAMPLE_CELLS[0]!,
  PROD_ID: 'P9',
  PROD_NAME: '職災補償 9',
  ORDER_SEQ: 9,
  IS_ACC: 'Y',
  PROD_CAT: 3,
  PROD_KIND: 99,
  BASIS: 'salary',
  MIN_AMOUNT: 0,
  MAX_AMOUNT: 3_000_000,
  AMOUNT_STEP: 0,
  SALARY_MULTIPLE_MIN: 24,
  SALARY_MULTIPLE_MAX: 60,
  SALARY_MULTIPLE_STEP: 3,
  DEFAULT_SALARY_MULTIPLE: 45,
  AMOUNT_CAP: 3_000_000,
};

/** The cells catalogue of the shopcart page: the one the samples' cart was picked from, and a salary cell. */
const STEP1_CELLS = [...SAMPLE_CELLS, SALARY_CELL];

/**
 * The shopcart's STEP1, where each one-line cell item has its amount chooser: the page of the paths that
 * change an amount. Its cells catalogue is the test's; the other calls the cart does not make (the
 * catalogue, an estimate) get the fake server's answers.
 */
const STEP1_PAGE: FlowPage<CartStimulus, CartView> = {
  ...CART_PAGE,
  path: '/shopcart/STEP1',
  answers: (() => {
    const catalogue = catalogueServer();
    return (url, init) =>
      url.pathname.endsWith('/catalogue/queryCells') ? envelope(STEP1_CELLS) : catalogue(url, init);
  })(),
};

const pageOf = (path: FlowPath) =>
  path.steps.some((s) => s.event.type === 'cart.update') ? STEP1_PAGE : CART_PAGE;

describe('cart paths on the rendered app, against the cart oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, () => pathOnPage(pageOf(path), path, cartStimuli(BASIC), new CartOracle()));
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
      JOIN_AGE_MIN: 15,
      JOIN_AGE_MAX: 65,
    },
  ],
});

/** A cart as the server may answer it: up to docs/specification.md §9's 5 items, with or without a number. */
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
/** The choices of a cell's chooser, from the catalogue's range and step. */
function choicesOf(cell: CatalogueCell): number[] {
  const salary = cell.BASIS === 'salary';
  const [min, max, step] = salary
    ? [cell.SALARY_MULTIPLE_MIN!, cell.SALARY_MULTIPLE_MAX!, cell.SALARY_MULTIPLE_STEP!]
    : [cell.MIN_AMOUNT, cell.MAX_AMOUNT, cell.AMOUNT_STEP];
  return Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, n) => min + n * step);
}

const salaryTitle = (cell: CatalogueCell, multiple: number) =>
  `${cell.PROD_NAME}（月投保薪資 × ${multiple}）`;

/** A cell at a choice, as the catalogue's cell is put in the cart: a one-line package. */
function cellAt(cell: CatalogueCell, choice: number): InputPackage {
  const salary = cell.BASIS === 'salary';
  return {
    PACK_ID: cell.PROD_ID,
    PACK_NAME: salary ? salaryTitle(cell, choice) : cell.PROD_NAME,
    PROD_LIST: [
      {
        PROD_ID: cell.PROD_ID,
        ORDER_SEQ: 1,
        IS_ACC: cell.IS_ACC,
        AMOUNT: salary ? 0 : choice,
        SPC_RATE_MARK: salary ? 4 : 1,
        PROD_CAT: cell.PROD_CAT,
        PROD_KIND: cell.PROD_KIND,
      },
    ],
  };
}

/** A cell item of the cart as getCart answers it (a salary cell's multiple travels in its title). */
function cellItem(id: number, cell: CatalogueCell, choice: number): CartClass {
  const salary = cell.BASIS === 'salary';
  return {
    CLASS_ID: id,
    SOURCE_CODE: 'CELL',
    CLASS_TITLE: salary ? salaryTitle(cell, choice) : cell.PROD_NAME,
    IS_SLRY_MLTPL: salary ? 'Y' : 'N',
    PROD_LIST: [
      {
        PROD_ID: cell.PROD_ID,
        PROD_NAME: cell.PROD_NAME,
        ORDER_SEQ: 1,
        IS_ACC: cell.IS_ACC,
        FACE_AMT_TYPE: 1,
        FACE_AMT: salary ? 1 : choice,
        JOIN_AGE_MIN: cell.JOIN_AGE_MIN,
        JOIN_AGE_MAX: cell.JOIN_AGE_MAX,
      },
    ],
  };
}

const cellOf = (item: CartClass) => STEP1_CELLS.find((c) => c.PROD_ID === item.PROD_LIST[0]!.PROD_ID)!;
const chosen = (item: CartClass) =>
  cellOf(item).BASIS === 'salary'
    ? Number(/× (\d+)）$/.exec(item.CLASS_TITLE)![1])
    : item.PROD_LIST[0]!.FACE_AMT;

/** A cart of cells on STEP1: 1 to 4 different cells at any of their choices, with or without a number. */
const cellCart = fc
  .record({
    cells: fc.shuffledSubarray(STEP1_CELLS, { minLength: 1 }),
    ids: fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: 4, maxLength: 4 }),
    picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    numbered: fc.boolean(),
  })
  .map(({ cells, ids, picks, numbered }) => ({
    CHANNEL: '1',
    CART_NO: numbered ? 'C20261123000000000001' : '',
    COOKIE_CART_NO: numbered ? 'C20261123000000000001' : '',
    CLASS_LIST: cells.map((cell, n) => {
      const choices = choicesOf(cell);
      return cellItem(ids[n]!, cell, choices[picks[n]! % choices.length]!);
    }),
  }));

/** The visitor picks, for the item at `i`, the `k`-th of the choices other than its own. */
const update = (i: number, k: number): Step =>
  new WalkStep(
    `第 ${i + 1} 項改選保額`,
    (o) => o.idle && o.items.length > i,
    (o) => {
      const item = o.items[i]!;
      const others = choicesOf(cellOf(item)).filter((c) => c !== chosen(item));
      return {
        kind: 'update',
        classId: item.CLASS_ID,
        pkg: cellAt(cellOf(item), others[k % others.length]!),
      };
    },
  );
const REFRESH: Step = new WalkStep(
  '回到此分頁',
  () => true,
  () => ({ kind: 'refresh' }),
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
/** STEP1 opened on a cart of the first `n` cells of its catalogue, each at its second choice */
const cellsOf = (n: number) => ({
  ...cartOf(1),
  CLASS_LIST: STEP1_CELLS.slice(0, n).map((cell, i) => cellItem(i + 1, cell, choicesOf(cell)[1]!)),
});
const openedStep1 = (n: number) => [
  reply('getExtraSetup', ['limit 5', ok({ cartMaxItems: 5 })]),
  reply('getCart', [`${n} cells`, ok(cellsOf(n))]),
];
const AMOUNT_STEP_REFUSED: [string, ServerReply] = [
  'item error',
  refused('modalCartItemError', '保障 1保額須以10萬為單位'),
];
const UPDATED = reply('updateCartItem', ['updated', ok('C20261123000000000001')]);

// docs/specification.md §4 and §8 as sequences a visitor and the server go through, whatever the machine declares.
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
  // coming back to the tab
  ['coming back to the tab reads the cart again and shows it', [...opened(5, 1), REFRESH, cartReply(1, 2)]],
  [
    'coming back to the tab while a dialog is open leaves the dialog to 我知道了',
    [...opened(1, 1), ADD, REFRESH, CLOSE, REFRESH, cartReply(2)],
  ],
  [
    'coming back to the tab while the cart is being read asks for it once',
    [...opened(5), ADD, INSERTED, REFRESH, cartReply(1), REFRESH, cartReply(1, 2)],
  ],
];

// The shopcart's STEP1: a new amount for an item, and what a refusal leaves.
const STEP1_SCENARIOS: [string, Step[]][] = [
  [
    'a new amount sends the item at that amount with its CLASS_ID under the overlay, then reads the cart again',
    [...openedStep1(4), update(0, 2), UPDATED, reply('getCart', ['changed', ok(cellsOf(3))])],
  ],
  [
    'a salary cell takes another multiple',
    [...openedStep1(4), update(3, 0), UPDATED, reply('getCart', ['changed', ok(cellsOf(4))])],
  ],
  ...[AMOUNT_STEP_REFUSED, REFUSED, NETWORK_DOWN].map(([label, answer]): [string, Step[]] => [
    `updateCartItem ${label}: 無法變更保額 with the reason, 我知道了 closes it, and the amount can be changed again`,
    [
      ...openedStep1(2),
      update(0, 0),
      reply('updateCartItem', [label, answer]),
      CLOSE,
      update(0, 0),
      UPDATED,
      reply('getCart', ['changed', ok(cellsOf(2))]),
    ],
  ]),
  [
    'coming back to the tab on STEP1 reads the cart again and lists it',
    [...openedStep1(1), REFRESH, reply('getCart', ['3 cells', ok(cellsOf(3))])],
  ],
];

describe('specification scenarios on the rendered app, against the cart oracle', () => {
  for (const [name, steps] of SCENARIOS) it(name, () => scenarioOnPage(CART_PAGE, steps, new CartOracle()));
  for (const [name, steps] of STEP1_SCENARIOS)
    it(`STEP1: ${name}`, () => scenarioOnPage(STEP1_PAGE, steps, new CartOracle()));
});

const answers = (call: CartCall, replies: fc.Arbitrary<[string, ServerReply]>) =>
  replies.map((r) => reply(call, r));
const failure = fc.constantFrom<[string, ServerReply]>(REFUSED, NETWORK_DOWN);

const CART_WALK: fc.Arbitrary<Step>[] = [
  fc.constant(ADD),
  fc.nat(4).map(remove),
  fc.constant(REFRESH),
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

/**
 * On STEP1 the cart is always one of cells (each with its chooser), never emptied by the server: a screen
 * without a cart item offers nothing whose availability shows a call in flight. For the same reason a
 * failed read is drawn only once a cart of cells is shown.
 */
const changeAmount = fc.tuple(fc.nat(3), fc.nat(20)).map(([i, k]) => update(i, k));
const STEP1_WALK: fc.Arbitrary<Step>[] = [
  // drawn as often as the answers it waits for, so a walk changes amounts more than once
  changeAmount,
  changeAmount,
  changeAmount,
  fc.nat(3).map(remove),
  fc.constant(REFRESH),
  fc.constant(RETRY),
  fc.constant(CLOSE),
  answers('getExtraSetup', fc.constant<[string, ServerReply]>(['limit 5', ok({ cartMaxItems: 5 })])),
  answers(
    'getCart',
    cellCart.map((c): [string, ServerReply] => [`${c.CLASS_LIST.length} cells`, ok(c)]),
  ),
  failure.map(
    (r) =>
      new WalkStep(
        `getCart ← ${r[0]}`,
        (o) => o.awaits('getCart') && o.items.length > 0,
        () => ({ kind: 'reply', call: 'getCart', reply: r[1] }),
      ),
  ),
  answers(
    'updateCartItem',
    fc.oneof(
      fc.constant<[string, ServerReply]>(['updated', ok('C20261123000000000001')]),
      fc.constant(AMOUNT_STEP_REFUSED),
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
  it(
    'on the shopcart STEP1, changing amounts, agrees with the oracle after every action and answer',
    () => walksOnPage(STEP1_PAGE, STEP1_WALK, () => new CartOracle(), { maxCommands: 200, numRuns: 20 }),
    180_000,
  );
});
