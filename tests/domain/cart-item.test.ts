import { describe, expect, it } from 'vitest';
import {
  buildCartItem,
  EMPTY_CART,
  type InputLine,
  isSalaryMultipleLine,
  NEW_CART,
} from '../../src/domain/cart-item';

const line = (over: Partial<InputLine>): InputLine => ({
  PROD_ID: 'GTL',
  ORDER_SEQ: 1,
  IS_ACC: 'N',
  AMOUNT: 1_000_000,
  SPC_RATE_MARK: 1,
  PROD_CAT: 1,
  PROD_KIND: 1,
  ...over,
});

describe('isSalaryMultipleLine (docs/specification.md §9)', () => {
  it.each([
    [{ SPC_RATE_MARK: 2 }, true],
    [{ SPC_RATE_MARK: 2, PROD_CAT: 9, PROD_KIND: 9 }, true],
    [{ SPC_RATE_MARK: 4, PROD_CAT: 3, PROD_KIND: 99 }, true],
    [{ SPC_RATE_MARK: 4, PROD_CAT: 3, PROD_KIND: 98 }, false],
    [{ SPC_RATE_MARK: 4, PROD_CAT: 2, PROD_KIND: 99 }, false],
    [{ SPC_RATE_MARK: 1, PROD_CAT: 3, PROD_KIND: 99 }, false],
    [{ SPC_RATE_MARK: 3 }, false],
  ])('%o → %s', (over, expected) => {
    expect(isSalaryMultipleLine(line(over))).toBe(expected);
  });
});

describe('buildCartItem (docs/specification.md §3)', () => {
  it('builds a flat package: RLAT_CODE 0, title from the package, amounts as given, lines in order', () => {
    const item = buildCartItem(
      {
        PACK_ID: 'BASIC',
        PACK_NAME: '基本型',
        PROD_LIST: [
          line({ PROD_ID: 'GAD', ORDER_SEQ: 2, IS_ACC: 'Y', AMOUNT: 1_000_000 }),
          line({ PROD_ID: 'GTL', ORDER_SEQ: 1, AMOUNT: 1_000_000 }),
        ],
      },
      'PKG',
      'C123',
    );
    expect(item).toEqual({
      SOURCE_CODE: 'PKG',
      SHOPCART_CART_NO: 'C123',
      RLAT_CODE: '0',
      CLASS_TITLE: '基本型',
      IS_SLRY_MLTPL: 'N',
      PROD_LIST: [
        { PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 },
        { PROD_ID: 'GAD', ORDER_SEQ: 2, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 },
      ],
    });
  });

  it('marks the item salary-multiple and sends FACE_AMT 1 on each salary-multiple line', () => {
    const item = buildCartItem(
      {
        PACK_ID: 'MFG',
        PACK_NAME: '製造業安心型',
        PROD_LIST: [
          line({ PROD_ID: 'GTL', ORDER_SEQ: 1, AMOUNT: 1_000_000 }),
          line({ PROD_ID: 'GOI', ORDER_SEQ: 2, AMOUNT: 0, SPC_RATE_MARK: 4, PROD_CAT: 3, PROD_KIND: 99 }),
        ],
      },
      'PKG',
      '',
    );
    expect(item.IS_SLRY_MLTPL).toBe('Y');
    expect(item.PROD_LIST.map((l) => l.FACE_AMT)).toEqual([1_000_000, 1]);
    expect(item.PROD_LIST.every((l) => l.FACE_AMT_TYPE === 1)).toBe(true);
  });
});

describe('carts (docs/specification.md §4, §9)', () => {
  it('a reset leaves channel, number and list empty', () => {
    expect(EMPTY_CART).toEqual({ CHANNEL: '', CART_NO: '', COOKIE_CART_NO: '', CLASS_LIST: [] });
  });

  it('a new cart has the default channel 1 and nothing else', () => {
    expect(NEW_CART).toEqual({ CHANNEL: '1', CART_NO: '', COOKIE_CART_NO: '', CLASS_LIST: [] });
  });
});
