import type { Cart, InputPackage } from '../../src/domain/cart-item';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// docs/specification.md §9, written here rather than read from the code under test.
const SPEC_MAX_ITEMS = 5;
const SPEC_CHANNEL = '1';
const NETWORK_DOWN = '網路連線異常，請確認網路後再試一次';

export type CartCall = 'getCart' | 'getExtraSetup' | 'insertCart' | 'deleteCartItem' | 'updateCartItem';

/** What can happen to the cart: the visitor's clicks and the server's answers. */
export type CartStimulus =
  | { kind: 'add'; pkg: InputPackage }
  | { kind: 'remove'; classId: number }
  /** the visitor picks another amount for an item (the shopcart's STEP1): `pkg` is the item at it */
  | { kind: 'update'; classId: number; pkg: InputPackage }
  /** the visitor comes back to the tab (the cart may have changed in another one) */
  | { kind: 'refresh' }
  | { kind: 'retry' }
  | { kind: 'closeDialog' }
  | { kind: 'reply'; call: CartCall; reply: ServerReply };

export interface CartView {
  /** the count on the header's cart button */
  count: number;
  /** the titles listed in the cart panel (the count stays the last one known) */
  titles: string[];
  /** the limit the panel's heading gives (count/limit) */
  limit: number;
  /** the panel says the cart could not be loaded and offers 重新載入 */
  loadFailed: boolean;
  /** 加入購物車, 移除 and the amount choosers are disabled while a cart call is in flight */
  busy: boolean;
  /** the full-screen overlay of docs/specification.md §1 while an insert, a change of amount or a removal is in flight */
  overlay: boolean;
  /** the open dialog: its title, a text it must contain, and the control holding focus */
  dialog: { title: string; says: string; focus: string } | null;
  /** the add_to_cart events of docs/specification.md §4 in the dataLayer, by item name */
  added: string[];
}

const dialog = (title: string, says: string) => ({ title, says, focus: '我知道了' });

/** docs/specification.md §3 and §9: the insert payload of a package, built here from the spec's field rules. */
export function specCartItem(pkg: InputPackage, cartNo: string, source = 'PKG') {
  const salaryMultiple = (l: InputPackage['PROD_LIST'][number]) =>
    l.SPC_RATE_MARK === 2 || (l.SPC_RATE_MARK === 4 && l.PROD_CAT === 3 && l.PROD_KIND === 99);
  const lines = [...pkg.PROD_LIST].sort((a, b) => a.ORDER_SEQ - b.ORDER_SEQ);
  return {
    SOURCE_CODE: source,
    SHOPCART_CART_NO: cartNo,
    RLAT_CODE: '0',
    CLASS_TITLE: pkg.PACK_NAME,
    IS_SLRY_MLTPL: lines.some(salaryMultiple) ? 'Y' : 'N',
    PROD_LIST: lines.map((l) => ({
      PROD_ID: l.PROD_ID,
      ORDER_SEQ: l.ORDER_SEQ,
      IS_ACC: l.IS_ACC,
      FACE_AMT_TYPE: 1,
      FACE_AMT: salaryMultiple(l) ? 1 : l.AMOUNT,
    })),
  };
}

/**
 * The cart as docs/specification.md §3, §4, §7, §8 and §9 describe it: loaded with the site's settings on arrival; an add
 * is refused at the limit without asking the server, otherwise inserted and the cart reloaded; the server's
 * refusals open their dialogs; a removal reloads the cart. A new amount for an item is the item as the
 * insert would send it, at that amount, with the item's CLASS_ID; once taken the cart is read again,
 * refused the dialog says why and nothing is read. Coming back to the tab reads a settled cart again.
 */
export class CartOracle implements Oracle<CartStimulus, CartView> {
  readonly sent: SentRequest[] = [];
  private cart: Cart = { CHANNEL: SPEC_CHANNEL, CART_NO: '', COOKIE_CART_NO: '', CLASS_LIST: [] };
  private settingsLimit: number | undefined;
  private limit = SPEC_MAX_ITEMS;
  private waiting = new Set<CartCall>();
  /** a cart the server gave before the settings came: shown with them (both make one load) */
  private stashed: Cart | null = null;
  private loadFailed = false;
  private open: CartView['dialog'] = null;
  private adding: InputPackage | null = null;
  private added: string[] = [];

  constructor() {
    this.send('getCart', {});
    this.send('getExtraSetup', {});
  }

  private send(call: CartCall, body: unknown) {
    this.sent.push({ call, body });
    this.waiting.add(call);
  }

  private get busy() {
    return (
      this.stashed !== null ||
      ['getCart', 'insertCart', 'deleteCartItem', 'updateCartItem'].some((c) =>
        this.waiting.has(c as CartCall),
      )
    );
  }

  /** the visitor can act on the cart: nothing in flight, no dialog, the cart loaded */
  get idle() {
    return !this.open && !this.loadFailed && !this.busy;
  }

  awaits(call: CartCall): boolean {
    return this.waiting.has(call);
  }

  get items() {
    return this.cart.CLASS_LIST;
  }

  private show(cart: Cart) {
    this.cart = cart;
    this.limit = this.settingsLimit ?? this.limit;
  }

  apply(s: CartStimulus): void {
    switch (s.kind) {
      case 'add':
        if (!this.idle) return;
        if (this.cart.CLASS_LIST.length >= this.limit) {
          this.open = dialog('購物車已滿', `購物車最多可放 ${this.limit} 項保障`);
          return;
        }
        this.adding = s.pkg;
        this.send('insertCart', specCartItem(s.pkg, this.cart.CART_NO));
        return;
      case 'remove':
        if (this.idle && this.cart.CLASS_LIST.some((c) => c.CLASS_ID === s.classId))
          this.send('deleteCartItem', { CLASS_ID: s.classId });
        return;
      case 'update': {
        // the item's own chooser, on an item the visitor sees and while nothing else is under way
        const item = this.idle ? this.cart.CLASS_LIST.find((c) => c.CLASS_ID === s.classId) : undefined;
        if (item)
          this.send('updateCartItem', {
            ...specCartItem(s.pkg, this.cart.CART_NO, item.SOURCE_CODE),
            CLASS_ID: s.classId,
          });
        return;
      }
      case 'refresh':
        // Only a settled cart is read again: an answer on its way brings the cart anyway, an open dialog
        // waits for 我知道了, and a cart that could not be loaded offers 重新載入 for that.
        if (this.idle) this.send('getCart', {});
        return;
      case 'retry':
        if (!this.loadFailed) return;
        this.loadFailed = false;
        this.send('getCart', {});
        return;
      case 'closeDialog':
        this.open = null;
        return;
      case 'reply':
        this.waiting.delete(s.call);
        this.reply(s.call, s.reply);
    }
  }

  private reply(call: CartCall, reply: ServerReply) {
    const answered = reply !== 'network-error' && reply.returnCode === 0;
    const message = reply === 'network-error' ? NETWORK_DOWN : reply.msg;
    switch (call) {
      case 'getExtraSetup':
        // The settings come once a page; docs/specification.md §9's limit stands in when they cannot be had.
        this.settingsLimit = answered
          ? (reply.data as { cartMaxItems: number }).cartMaxItems
          : SPEC_MAX_ITEMS;
        if (this.stashed) this.show(this.stashed);
        this.stashed = null;
        return;
      case 'getCart':
        if (!answered) this.loadFailed = true;
        else if (this.waiting.has('getExtraSetup')) this.stashed = reply.data as Cart;
        else this.show(reply.data as Cart);
        return;
      case 'insertCart':
        if (answered) {
          this.added.push(this.adding!.PACK_NAME);
          this.send('getCart', {});
        } else {
          const data = reply === 'network-error' ? null : reply.data;
          this.open =
            data === 'modalCartFull'
              ? dialog('購物車已滿', `購物車最多可放 ${this.limit} 項保障`)
              : data === 'modalCartItemError'
                ? dialog('無法加入購物車', message)
                : dialog('加入購物車失敗', message);
        }
        this.adding = null;
        return;
      case 'deleteCartItem':
        if (answered) this.send('getCart', {});
        else this.open = dialog('無法移除此項目', message);
        return;
      case 'updateCartItem':
        // taken: the cart is read again (the server's item is the truth); refused: the dialog says why
        if (answered) this.send('getCart', {});
        else this.open = dialog('無法變更保額', message);
    }
  }

  view(): CartView {
    return {
      count: this.cart.CLASS_LIST.length,
      // a cart that could not be loaded is not listed: the panel offers a reload instead
      titles: this.loadFailed ? [] : this.cart.CLASS_LIST.map((c) => c.CLASS_TITLE),
      limit: this.limit,
      loadFailed: this.loadFailed,
      busy: this.busy,
      overlay: (['insertCart', 'deleteCartItem', 'updateCartItem'] as const).some((c) => this.waiting.has(c)),
      dialog: this.open,
      added: [...this.added],
    };
  }
}
