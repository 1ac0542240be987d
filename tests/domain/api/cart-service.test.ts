import { describe, expect, it } from 'vitest';
import { type AnySchema, ValidationError } from 'yup';
import {
  addDetailTraceSchema,
  addTraceSchema,
  deleteCartItemSchema,
  insertCartSchema,
} from '../../../src/domain/api/cart-service';

/** The message the server answers for a body (null when it passes), validated as the routes do. */
function refusal(schema: AnySchema, body: unknown): string | null {
  try {
    schema.validateSync(body, { stripUnknown: true });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

// PostgreSQL's integer column holds at most 2^31 - 1.
const INT4_MAX = 2_147_483_647;

const line = (over: Record<string, unknown> = {}) => ({
  PROD_ID: 'GTL',
  ORDER_SEQ: 1,
  IS_ACC: 'N',
  FACE_AMT_TYPE: 1,
  FACE_AMT: 1_000_000,
  ...over,
});

// docs/specification.md §3 "Cart item sent on insert".
const item = (over: Record<string, unknown> = {}) => ({
  SOURCE_CODE: 'PKG',
  SHOPCART_CART_NO: 'C0001',
  RLAT_CODE: '0',
  CLASS_TITLE: '基本型',
  IS_SLRY_MLTPL: 'N',
  PROD_LIST: [line()],
  ...over,
});

describe('insertCart body (docs/specification.md §3)', () => {
  it('takes an item as the client builds it and casts typed numbers', () => {
    const body = item({ PROD_LIST: [line({ ORDER_SEQ: '2', FACE_AMT: '500,000' })], EXTRA: 'x' });
    expect(insertCartSchema.validateSync(body, { stripUnknown: true })).toEqual({
      SOURCE_CODE: 'PKG',
      SHOPCART_CART_NO: 'C0001',
      RLAT_CODE: '0',
      CLASS_TITLE: '基本型',
      IS_SLRY_MLTPL: 'N',
      PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 2, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 500_000 }],
    });
  });

  it.each([
    ['a package', { SOURCE_CODE: 'PKG' }],
    ['a cell', { SOURCE_CODE: 'CELL' }],
    ['a recommendation', { SOURCE_CODE: 'REC' }],
    ['the first item of a cart without a number yet', { SHOPCART_CART_NO: '' }],
    ['a salary-multiple item', { IS_SLRY_MLTPL: 'Y', PROD_LIST: [line({ FACE_AMT: 1 })] }],
    ['an accident line', { PROD_LIST: [line({ IS_ACC: 'Y' })] }],
    ['ten lines', { PROD_LIST: Array.from({ length: 10 }, (_, i) => line({ ORDER_SEQ: i + 1 })) }],
    ['a 50-character title (width 100)', { CLASS_TITLE: '保'.repeat(50) }],
    ['a 40-character cart number', { SHOPCART_CART_NO: 'C'.repeat(40) }],
    ['a two-character relation code', { RLAT_CODE: '00' }],
  ])('takes %s', (_, over) => {
    expect(refusal(insertCartSchema, item(over))).toBeNull();
  });

  it.each([
    ['an unknown source', { SOURCE_CODE: 'WEB' }, '請選擇來源'],
    ['no source', { SOURCE_CODE: undefined }, '請選擇來源'],
    ['no cart number at all', { SHOPCART_CART_NO: undefined }, '購物車編號不可為空白'],
    ['a 41-character cart number', { SHOPCART_CART_NO: 'C'.repeat(41) }, '購物車編號長度限制為40'],
    ['no relation code', { RLAT_CODE: '' }, '投保對象代碼不可為空白'],
    ['a three-character relation code', { RLAT_CODE: '000' }, '投保對象代碼長度限制為2'],
    ['no title', { CLASS_TITLE: ' ' }, '方案名稱不可為空白'],
    ['a 51-character title (width 102)', { CLASS_TITLE: '保'.repeat(51) }, '方案名稱長度限制為100'],
    ['a salary mark other than Y or N', { IS_SLRY_MLTPL: 'y' }, '請選擇月薪倍數標記'],
    ['no salary mark', { IS_SLRY_MLTPL: undefined }, '請選擇月薪倍數標記'],
    ['no product list', { PROD_LIST: undefined }, '保障項目不可為空白'],
    ['an empty product list', { PROD_LIST: [] }, '保障項目不可為空白'],
    [
      'eleven lines',
      { PROD_LIST: Array.from({ length: 11 }, (_, i) => line({ ORDER_SEQ: i + 1 })) },
      '保障項目最多10項',
    ],
  ])('refuses %s', (_, over, message) => {
    expect(refusal(insertCartSchema, item(over))).toBe(message);
  });

  it.each([
    ['no product id', { PROD_ID: '' }, '商品代號不可為空白'],
    ['a 21-character product id', { PROD_ID: 'P'.repeat(21) }, '商品代號長度限制為20'],
    ['no order', { ORDER_SEQ: undefined }, '排列順序不可為空白'],
    ['order 0', { ORDER_SEQ: 0 }, '排列順序須介於1至999之間'],
    ['order 1000', { ORDER_SEQ: 1000 }, '排列順序須介於1至999之間'],
    ['order 1.5', { ORDER_SEQ: 1.5 }, '排列順序必須為整數'],
    ['order "x"', { ORDER_SEQ: 'x' }, '排列順序必須為數字'],
    ['an accident mark other than Y or N', { IS_ACC: 'X' }, '請選擇意外險標記'],
    ['no accident mark', { IS_ACC: undefined }, '請選擇意外險標記'],
    ['amount type -1', { FACE_AMT_TYPE: -1 }, '保額類型須介於0至99之間'],
    ['amount type 100', { FACE_AMT_TYPE: 100 }, '保額類型須介於0至99之間'],
    ['no amount', { FACE_AMT: undefined }, '保額不可為空白'],
    ['a negative amount', { FACE_AMT: -1 }, '保額須介於0至2147483647之間'],
    ['an amount beyond an integer column', { FACE_AMT: INT4_MAX + 1 }, '保額須介於0至2147483647之間'],
  ])('refuses a line with %s', (_, over, message) => {
    expect(refusal(insertCartSchema, item({ PROD_LIST: [line(over)] }))).toBe(message);
  });

  it.each([
    ['the lowest order', { ORDER_SEQ: 1 }],
    ['the highest order', { ORDER_SEQ: 999 }],
    ['amount type 0', { FACE_AMT_TYPE: 0 }],
    ['amount type 99', { FACE_AMT_TYPE: 99 }],
    ['amount 0', { FACE_AMT: 0 }],
    ['the largest amount an integer column holds', { FACE_AMT: INT4_MAX }],
    ['a 20-character product id', { PROD_ID: 'P'.repeat(20) }],
  ])('takes a line with %s', (_, over) => {
    expect(refusal(insertCartSchema, item({ PROD_LIST: [line(over)] }))).toBeNull();
  });
});

describe('deleteCartItem body', () => {
  it.each([
    [{ CLASS_ID: 1 }, null],
    [{ CLASS_ID: '42' }, null],
    [{ CLASS_ID: INT4_MAX }, null],
    [{ CLASS_ID: 0 }, '項目編號須介於1至2147483647之間'],
    [{ CLASS_ID: INT4_MAX + 1 }, '項目編號須介於1至2147483647之間'],
    [{ CLASS_ID: 2.5 }, '項目編號必須為整數'],
    [{}, '項目編號不可為空白'],
  ])('%o → %s', (body, message) => {
    expect(refusal(deleteCartItemSchema, body)).toBe(message);
  });
});

// docs/specification.md §7 "Log page view": client_device, curr_page, next_page; pages are the screen ids of docs/specification.md §2.
const view = (over: Record<string, unknown> = {}) => ({
  client_device: 'Desktop',
  curr_page: 'ODGAF000',
  next_page: 'ODGAF010',
  ...over,
});

describe('addTrace body (docs/specification.md §7 log page view)', () => {
  it.each([
    ['a desktop view', {}],
    ['a mobile view', { client_device: 'Mobile' }],
    ['the first view (no current page)', { curr_page: '' }],
    ['a view of the shopcart', { curr_page: 'ODGAF010', next_page: 'ODGAF040' }],
    ['a view of back2Home', { next_page: 'back2Home' }],
  ])('takes %s', (_, over) => {
    expect(refusal(addTraceSchema, view(over))).toBeNull();
  });

  it.each([
    ['a tablet', { client_device: 'Tablet' }, '請選擇裝置類型'],
    ['no device', { client_device: undefined }, '請選擇裝置類型'],
    ['an unknown current page', { curr_page: 'ODGAF999' }, '請選擇目前頁面'],
    ['no current page at all', { curr_page: undefined }, '請選擇目前頁面'],
    ['an unknown next page', { next_page: '/product/optionpackage' }, '請選擇前往頁面'],
    ['an empty next page', { next_page: '' }, '請選擇前往頁面'],
  ])('refuses %s', (_, over, message) => {
    expect(refusal(addTraceSchema, view(over))).toBe(message);
  });
});

describe('addDetailTrace body (docs/specification.md §7 log campaign view)', () => {
  const campaign = (over: Record<string, unknown> = {}) =>
    view({ utm_source: 'line', utm_campaign: 'spring', query: { utm_source: 'line', page: '2' }, ...over });

  it('takes a page view with its campaign query', () => {
    expect(addDetailTraceSchema.validateSync(campaign(), { stripUnknown: true })).toEqual({
      client_device: 'Desktop',
      curr_page: 'ODGAF000',
      next_page: 'ODGAF010',
      utm_source: 'line',
      utm_campaign: 'spring',
      query: { utm_source: 'line', page: '2' },
    });
  });

  it('refuses what a page view refuses', () => {
    expect(refusal(addDetailTraceSchema, campaign({ next_page: 'nowhere' }))).toBe('請選擇前往頁面');
  });

  it.each(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'])(
    '%s: optional, at most 200 characters, labelled with its name',
    (key) => {
      expect(addDetailTraceSchema.describe().fields[key]).toMatchObject({ label: key, optional: true });
      expect(refusal(addDetailTraceSchema, campaign({ [key]: undefined }))).toBeNull();
      expect(refusal(addDetailTraceSchema, campaign({ [key]: 'u'.repeat(200) }))).toBeNull();
      expect(refusal(addDetailTraceSchema, campaign({ [key]: 'u'.repeat(201) }))).toBe(`${key}長度限制為200`);
    },
  );

  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

  it.each([
    ['an empty query', {}, null],
    ['20 keys', keys(20), null],
    ['a 50-character key and a 200-character value', { ['k'.repeat(50)]: 'v'.repeat(200) }, null],
    ['21 keys', keys(21), '查詢參數最多20項'],
    ['a 51-character key', { ['k'.repeat(51)]: 'v' }, '查詢參數長度限制為200'],
    ['a 201-character value', { k: 'v'.repeat(201) }, '查詢參數長度限制為200'],
    ['no query', undefined, '查詢參數不可為空白'],
    ['a null query', null, '查詢參數不可為空白'],
    ['a query that is a list', ['utm_source'], '查詢參數格式錯誤'],
    ['a query that is text', 'utm_source=line', '查詢參數格式錯誤'],
    ['a query with a number value', { page: 2 }, '查詢參數格式錯誤'],
    ['a query with a list value', { utm_source: ['a', 'b'] }, '查詢參數格式錯誤'],
    ['a control character in a key', { 'utm\u0007source': 'a' }, '查詢參數含有無法辨識的字元'],
    ['a control character in a value', { utm_source: 'a\u0000' }, '查詢參數含有無法辨識的字元'],
    ['a lone surrogate in a value', { utm_source: '\ud800' }, '查詢參數含有無法辨識的字元'],
  ])('query: %s → %s', (_, query, message) => {
    expect(refusal(addDetailTraceSchema, campaign({ query }))).toBe(message);
  });

  it.each([
    ['too many keys', keys(21), 'queryKeys'],
    ['too long an entry', { k: 'v'.repeat(201) }, 'queryEntries'],
  ])('query: %s fails under its own rule name', (_, query, name) => {
    expect(() => addDetailTraceSchema.validateSync(campaign({ query }))).toThrow(
      expect.objectContaining({ type: name }),
    );
  });
});
