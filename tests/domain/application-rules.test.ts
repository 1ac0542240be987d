import { describe, expect, it } from 'vitest';
import { applicationRules, cartSignature } from '../../src/domain/application-rules';
import type { Cart, CartClass } from '../../src/domain/cart-item';

const line = (PROD_ID: string, FACE_AMT: number, [min, max]: [number, number]) => ({
  PROD_ID,
  ORDER_SEQ: 1,
  IS_ACC: 'N' as const,
  FACE_AMT_TYPE: 1 as const,
  FACE_AMT,
  PROD_NAME: PROD_ID,
  JOIN_AGE_MIN: min,
  JOIN_AGE_MAX: max,
});
const item = (CLASS_ID: number, salary: 'Y' | 'N', ...PROD_LIST: CartClass['PROD_LIST']): CartClass => ({
  CLASS_ID,
  SOURCE_CODE: 'CELL',
  CLASS_TITLE: `item ${CLASS_ID}`,
  IS_SLRY_MLTPL: salary,
  PROD_LIST,
});
const cart = (...CLASS_LIST: CartClass[]): Cart => ({
  CHANNEL: 'B2C',
  CART_NO: 'C1',
  COOKIE_CART_NO: 'C1',
  CLASS_LIST,
});

describe('applicationRules', () => {
  it('takes the ages every product of every item accepts', () => {
    const rules = applicationRules(
      cart(
        item(1, 'N', line('GTL', 100, [16, 70]), line('GAD', 100, [18, 75])),
        item(2, 'N', line('GHR', 1, [0, 65])),
      ),
    );
    expect(rules).toEqual({ ages: [18, 65], needsSalary: false });
  });

  it('keeps a single shared age, and has none when the ranges do not meet', () => {
    expect(
      applicationRules(cart(item(1, 'N', line('A', 1, [20, 40])), item(2, 'N', line('B', 1, [40, 60])))).ages,
    ).toEqual([40, 40]);
    expect(
      applicationRules(cart(item(1, 'N', line('A', 1, [20, 39])), item(2, 'N', line('B', 1, [40, 60])))).ages,
    ).toBeNull();
  });

  it('has no ages for an empty cart, and asks salaries when any item is salary-multiple', () => {
    expect(applicationRules(cart())).toEqual({ ages: null, needsSalary: false });
    const salaried = cart(item(1, 'N', line('A', 1, [20, 60])), item(2, 'Y', line('B', 1, [20, 60])));
    expect(applicationRules(salaried).needsSalary).toBe(true);
  });
});

describe('cartSignature', () => {
  /** 團體壽險 and a second product in the first item, 住院醫療 in the second */
  const twoItems = (firstId: number, second: string, amount: number, ages: [number, number] = [18, 75]) =>
    cart(
      item(firstId, 'N', line('GTL', 100, [16, 70]), line(second, amount, ages)),
      item(2, 'N', line('GHR', 1, [0, 65])),
    );
  const base = twoItems(1, 'GAD', 200);

  it('is the same for the same items, products and amounts, whatever their ages', () => {
    expect(cartSignature(twoItems(1, 'GAD', 200, [20, 60]))).toBe(cartSignature(base));
  });

  it('tells carts apart by an item, a product or an amount', () => {
    const signatures = new Set([
      cartSignature(base),
      cartSignature(twoItems(1, 'GAD', 300)),
      cartSignature(twoItems(1, 'GCI', 200)),
      cartSignature(twoItems(3, 'GAD', 200)),
      cartSignature(cart(item(1, 'N', line('GTL', 100, [16, 70]), line('GAD', 200, [18, 75])))),
      cartSignature(
        cart(
          item(1, 'N', line('GTL', 100, [16, 70])),
          item(2, 'N', line('GAD', 200, [18, 75]), line('GHR', 1, [0, 65])),
        ),
      ),
      cartSignature(cart()),
    ]);
    expect(signatures.size).toBe(7);
  });
});
