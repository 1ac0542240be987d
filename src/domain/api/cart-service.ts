import { array, type InferType, mixed, object } from 'yup';
import { SOURCE_CODES } from '../cart-item';
import { messages } from '../messages';
import { SCREENS } from '../screens';
import { amount, choice, text } from '../validation/fields';
import { between } from '../validation/number-rules';
import { labelOf } from '../validation/params';
import { hasUnprintable, maxLength, numeric } from '../validation/text-rules';
import { CLIENT_DEVICES } from './consent';

/** Most product lines one cart item may carry (the catalogue has 8 products). */
export const MAX_ITEM_LINES = 10;
/** Bounds of a campaign view's query: keys, and characters per key and per value. */
export const TRACE_QUERY_LIMITS = { keys: 20, keyLength: 50, valueLength: 200 } as const;

const SCREEN_IDS = SCREENS.map((screen) => screen.id);
// The largest value a PostgreSQL integer column holds.
const INT4_MAX = 2_147_483_647;

const wholeNumber = (label: string, min: number, max: number) =>
  amount(label).required().test(numeric()).test(between(min, max));

const productLineSchema = object({
  PROD_ID: text('商品代號').required().test(maxLength(20)),
  ORDER_SEQ: wholeNumber('排列順序', 1, 999),
  IS_ACC: choice('意外險標記')
    .required()
    .oneOf(['Y', 'N'] as const),
  FACE_AMT_TYPE: wholeNumber('保額類型', 0, 99),
  FACE_AMT: wholeNumber('保額', 0, INT4_MAX),
});

/**
 * Body of insertCart (docs/specification.md §3 "Cart item sent on insert"). Only the shape is checked here; whether the
 * item fits the catalogue and the cart (RLAT_CODE '0', FACE_AMT_TYPE 1, amounts, riders, duplicates)
 * is the server's item check, answered as 'modalCartItemError'.
 */
export const insertCartSchema = object({
  SOURCE_CODE: choice('來源').required().oneOf(Object.values(SOURCE_CODES)),
  SHOPCART_CART_NO: text('購物車編號').defined().test(maxLength(40)),
  RLAT_CODE: text('投保對象代碼').required().test(maxLength(2)),
  CLASS_TITLE: text('方案名稱').required().test(maxLength(100)),
  IS_SLRY_MLTPL: choice('月薪倍數標記')
    .required()
    .oneOf(['Y', 'N'] as const),
  PROD_LIST: array()
    .label('保障項目')
    .of(productLineSchema)
    .required()
    .min(1, (p) => messages.required(labelOf(p)))
    .max(MAX_ITEM_LINES, (p) => messages.maxCount(labelOf(p), MAX_ITEM_LINES)),
});
export type InsertCart = InferType<typeof insertCartSchema>;

/** Body of deleteCartItem (our verb beyond docs/specification.md §7: a visitor must be able to empty the cart). */
export const deleteCartItemSchema = object({
  CLASS_ID: wholeNumber('項目編號', 1, INT4_MAX),
});
export type DeleteCartItem = InferType<typeof deleteCartItemSchema>;

/**
 * Body of updateCartItem (our verb beyond docs/specification.md §7: STEP1's amount chooser): the item as insertCart sends
 * it, with the CLASS_ID of the item it replaces in the visitor's cart.
 */
export const updateCartItemSchema = insertCartSchema.shape({
  CLASS_ID: wholeNumber('項目編號', 1, INT4_MAX),
});
export type UpdateCartItem = InferType<typeof updateCartItemSchema>;

/** Body of addTrace (docs/specification.md §7 "Log page view"): pages are screen ids; curr_page is '' on the first view. */
export const addTraceSchema = object({
  client_device: choice('裝置類型').required().oneOf(CLIENT_DEVICES),
  curr_page: choice('目前頁面')
    .defined()
    .oneOf(['', ...SCREEN_IDS]),
  next_page: choice('前往頁面').required().oneOf(SCREEN_IDS),
});
export type AddTrace = InferType<typeof addTraceSchema>;

// yup's object() drops every key it does not declare when stripping unknown keys, so a free-form
// query is a mixed value checked by hand.
function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

const utm = (label: string) => text(label).optional().test(maxLength(TRACE_QUERY_LIMITS.valueLength));

/** Body of addDetailTrace (docs/specification.md §7 "Log campaign view"): a page view with the campaign query. */
export const addDetailTraceSchema = addTraceSchema.shape({
  utm_source: utm('utm_source'),
  utm_medium: utm('utm_medium'),
  utm_campaign: utm('utm_campaign'),
  utm_term: utm('utm_term'),
  utm_content: utm('utm_content'),
  query: mixed(isStringRecord)
    .label('查詢參數')
    .required()
    .typeError((p) => messages.badFormat(labelOf(p)))
    .test({
      name: 'queryKeys',
      message: (p) => messages.maxCount(labelOf(p), TRACE_QUERY_LIMITS.keys),
      test: (value) => value === undefined || Object.keys(value).length <= TRACE_QUERY_LIMITS.keys,
    })
    .test({
      name: 'queryEntries',
      message: (p) => messages.maxLength(labelOf(p), TRACE_QUERY_LIMITS.valueLength),
      test: (value) =>
        value === undefined ||
        Object.entries(value).every(
          ([key, entry]) =>
            key.length <= TRACE_QUERY_LIMITS.keyLength && entry.length <= TRACE_QUERY_LIMITS.valueLength,
        ),
    })
    .test({
      name: 'queryCharacters',
      message: (p) => messages.unprintable(labelOf(p)),
      test: (value) =>
        value === undefined ||
        Object.entries(value).every(([key, entry]) => !hasUnprintable(key) && !hasUnprintable(entry)),
    }),
});
export type AddDetailTrace = InferType<typeof addDetailTraceSchema>;

/** getOnlyCartData: the header badge. */
export interface CartSummary {
  CHANNEL: string;
  CART_NO: string;
  COOKIE_CART_NO: string;
  ITEM_COUNT: number;
}

/** getCoki / addCoki. */
export interface CookieCart {
  COOKIE_CART_NO: string;
}

/** addSession: when the visitor's activity session started, by the database clock (ISO strings). */
export interface ActivitySession {
  startedAt: string;
  now: string;
  remindSeconds: number;
  endSeconds: number;
}

/** getSession: startedAt is null when the session never started. */
export interface ActivitySessionState extends Omit<ActivitySession, 'startedAt'> {
  startedAt: string | null;
  active: boolean;
}
