import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, isSalaryMultipleLine } from '../../src/domain/cart-item';
import type { CatalogueCell, CataloguePackage } from '../../src/domain/catalogue';
import { fromMonthlyPerPerson, type RateBand } from '../../src/domain/pricing';
import { seed } from '../../src/server/db/seed';
import { CELLS, PACKAGES } from '../support/catalogue-fixture';
import { createTestApp, type TestApp } from '../support/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get<T>(url: string) {
  const response = await t.app.inject({ method: 'GET', url: `/ODGAWeb/api/catalogue/${url}` });
  return {
    status: response.statusCode,
    body: response.json() as { returnCode: number; data: T; msg: string },
  };
}

describe('GET catalogue/queryPackages', () => {
  it('answers the 5 packages of docs/domain.md §2.4 in order, with their lines in order', async () => {
    const { status, body } = await get<CataloguePackage[]>('queryPackages');
    expect(status).toBe(200);
    expect(body.returnCode).toBe(0);
    expect(body.data.map((p) => [p.PACK_ID, p.PACK_NAME, p.PROD_LIST.length])).toEqual([
      ['BASIC', '基本型', 3],
      ['ADVANCED', '進階型', 4],
      ['PREMIUM', '尊榮型', 7],
      ['MFG', '製造業安心型', 4],
      ['FAMILY', '眷屬加保型', 2],
    ]);
    for (const pack of body.data) {
      expect(pack.PROD_LIST.map((l) => l.ORDER_SEQ)).toEqual(pack.PROD_LIST.map((_, i) => i + 1));
      expect(pack.TAGLINE && pack.DESCRIPTION && pack.AUDIENCE).toBeTruthy();
    }
  });

  it('gives flat lines their amount and salary-multiple lines AMOUNT 0 with multiple and cap', async () => {
    const { body } = await get<CataloguePackage[]>('queryPackages');
    const pack = (id: string) => body.data.find((p) => p.PACK_ID === id)!;
    expect(pack('BASIC').PROD_LIST.map((l) => [l.PROD_ID, l.AMOUNT, l.SPC_RATE_MARK])).toEqual([
      ['GTL', 1_000_000, 1],
      ['GAD', 1_000_000, 1],
      ['GAM', 30_000, 1],
    ]);
    const gam = pack('BASIC').PROD_LIST[2]!;
    expect(gam).toMatchObject({ IS_ACC: 'Y', IS_RIDER: true, REQUIRES_PROD_ID: 'GAD', JOIN_AGE_MAX: 70 });
    const goi = pack('MFG').PROD_LIST.find((l) => l.PROD_ID === 'GOI')!;
    expect(goi).toMatchObject({ AMOUNT: 0, SPC_RATE_MARK: 4, PROD_CAT: 3, PROD_KIND: 99 });
    expect(goi).toMatchObject({ SALARY_MULTIPLE: 45, AMOUNT_CAP: 3_000_000, IS_ACC: 'Y' });
    const gtl = pack('PREMIUM').PROD_LIST[0]!;
    expect(gtl).toMatchObject({ PROD_ID: 'GTL', AMOUNT: 0, SPC_RATE_MARK: 2, SALARY_MULTIPLE: 36 });
    expect(pack('PREMIUM').PROD_LIST.find((l) => l.PROD_ID === 'GCA')).toMatchObject({ WAITING_DAYS: 90 });
  });

  it('marks exactly the salary-multiple lines so that the cart builds the cart item of docs/specification.md §3 from an answer', async () => {
    const { body } = await get<CataloguePackage[]>('queryPackages');
    const salaryLines = body.data.flatMap((p) =>
      p.PROD_LIST.filter(isSalaryMultipleLine).map((l) => `${p.PACK_ID}.${l.PROD_ID}`),
    );
    expect(salaryLines).toEqual(['ADVANCED.GTL', 'PREMIUM.GTL', 'MFG.GOI']);
    for (const line of body.data.flatMap((p) => p.PROD_LIST)) {
      expect(isSalaryMultipleLine(line)).toBe(line.SALARY_MULTIPLE !== null);
    }
    const mfg = body.data.find((p) => p.PACK_ID === 'MFG')!;
    expect(buildCartItem(mfg, 'PKG', 'C1')).toEqual({
      SOURCE_CODE: 'PKG',
      SHOPCART_CART_NO: 'C1',
      RLAT_CODE: '0',
      CLASS_TITLE: '製造業安心型',
      IS_SLRY_MLTPL: 'Y',
      PROD_LIST: [
        { PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 },
        { PROD_ID: 'GAD', ORDER_SEQ: 2, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 2_000_000 },
        { PROD_ID: 'GAM', ORDER_SEQ: 3, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 50_000 },
        { PROD_ID: 'GOI', ORDER_SEQ: 4, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1 },
      ],
    });
  });

  it('gives each package the from-price of the pricing module over the stored rates', async () => {
    const { body } = await get<CataloguePackage[]>('queryPackages');
    const [products, rates] = await Promise.all([
      t.db.selectFrom('products').selectAll().execute(),
      t.db.selectFrom('premium_rates').selectAll().execute(),
    ]);
    for (const pack of body.data) {
      const expected = fromMonthlyPerPerson(
        pack.PROD_LIST.map((line) => {
          const product = products.find((p) => p.prod_id === line.PROD_ID)!;
          const bands: RateBand[] = rates
            .filter((r) => r.prod_id === line.PROD_ID)
            .map((r) => ({
              ageMin: r.age_min,
              ageMax: r.age_max,
              occupationClass: r.occupation_class,
              rate: Number(r.rate),
            }));
          return {
            amount: line.SALARY_MULTIPLE === null ? line.AMOUNT : null,
            salaryMultiple: line.SALARY_MULTIPLE,
            amountCap: line.AMOUNT_CAP,
            rateDriver: product.rate_driver,
            rateUnit: product.rate_unit,
            rates: bands,
          };
        }),
      );
      expect(pack.FROM_MONTHLY_PER_PERSON, pack.PACK_ID).toBe(expected);
    }
    // 基本型: (100萬×8 + 100萬×8 + 3萬×80) / 萬 = 1,840 a year × 0.95 × 0.088 = 153.82 → 154
    expect(body.data[0]!.FROM_MONTHLY_PER_PERSON).toBe(154);
  });
});

describe('GET catalogue/queryPackage', () => {
  it('answers one package by PACK_ID', async () => {
    const { status, body } = await get<CataloguePackage>('queryPackage?PACK_ID=PREMIUM');
    expect(status).toBe(200);
    expect(body.data.PACK_NAME).toBe('尊榮型');
    expect(body.data.PROD_LIST.map((l) => l.PROD_ID)).toEqual([
      'GTL',
      'GAD',
      'GAM',
      'GHR',
      'GHD',
      'GCI',
      'GCA',
    ]);
  });

  it.each([
    ['', '方案代碼不可為空白'],
    ['?PACK_ID=', '方案代碼不可為空白'],
    ['?PACK_ID=basic', '方案代碼格式錯誤'],
    ['?PACK_ID=%3Cscript%3E', '方案代碼格式錯誤'],
    [`?PACK_ID=${'A'.repeat(21)}`, '方案代碼格式錯誤'],
  ])('refuses a bad PACK_ID (%s) with 400 and a message naming the field', async (query, msg) => {
    const { status, body } = await get<null>(`queryPackage${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ returnCode: 400, data: null, msg });
  });

  it('answers an unknown PACK_ID with 找不到此方案', async () => {
    const { status, body } = await get<null>('queryPackage?PACK_ID=GOLD');
    expect(status).toBe(404);
    expect(body).toEqual({ returnCode: 404, data: null, msg: '找不到此方案' });
  });
});

describe('GET catalogue/queryCells', () => {
  it('answers the 8 products with amount range, basis, rider dependency and ages', async () => {
    const { body } = await get<CatalogueCell[]>('queryCells');
    expect(body.data.map((c) => c.PROD_ID)).toEqual(['GTL', 'GAD', 'GAM', 'GHR', 'GHD', 'GCI', 'GCA', 'GOI']);
    const cell = (id: string) => body.data.find((c) => c.PROD_ID === id)!;
    expect(cell('GAM')).toMatchObject({
      IS_RIDER: true,
      REQUIRES_PROD_ID: 'GAD',
      REQUIRES_PROD_NAME: '團體傷害保險',
    });
    expect(cell('GHD')).toMatchObject({
      BASIS: 'daily',
      MIN_AMOUNT: 500,
      MAX_AMOUNT: 3_000,
      AMOUNT_STEP: 500,
    });
    expect(cell('GTL')).toMatchObject({ BASIS: 'flat', SALARY_MULTIPLE_MIN: null, JOIN_AGE_MIN: 15 });
    expect(cell('GOI')).toMatchObject({
      BASIS: 'salary',
      SALARY_MULTIPLE_MIN: 24,
      SALARY_MULTIPLE_MAX: 60,
      DEFAULT_SALARY_MULTIPLE: 45,
      AMOUNT_CAP: 3_000_000,
      PROD_CAT: 3,
      PROD_KIND: 99,
    });
  });
});

describe('screen-test fixture', () => {
  it('is what the API answers (regenerate tests/support/catalogue-fixture.ts when the seed changes)', async () => {
    expect((await get<CataloguePackage[]>('queryPackages')).body.data).toEqual(PACKAGES);
    expect((await get<CatalogueCell[]>('queryCells')).body.data).toEqual(CELLS);
  });
});

describe('catalogue seed', () => {
  it('changes nothing when run again', async () => {
    const count = async () =>
      Promise.all(
        (['products', 'packages', 'package_products', 'premium_rates'] as const).map(async (table) => {
          const row = await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(row.n);
        }),
      );
    const before = await count();
    await seed(t.db);
    expect(await count()).toEqual(before);
    expect(before).toEqual([8, 5, 20, 55]);
  });
});
