import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, type InputPackage } from '../../src/domain/cart-item';
import { type CataloguePackage, cellPackage, cellSetPackage } from '../../src/domain/catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { seededCell } from '../support/shopcart';

const WAN = 10_000;

describe('tryout/quote', () => {
  let t: TestApp;
  let visitor: CartVisitor;
  beforeAll(async () => {
    t = await createTestApp();
    visitor = await CartVisitor.arrive(t);
  }, 30_000);
  afterAll(() => t.close());

  const pack = async (packId: string): Promise<InputPackage> =>
    ((await visitor.read(`catalogue/queryPackage?PACK_ID=${packId}`)).json() as { data: CataloguePackage })
      .data;
  const cell = async (prodId: string, choice: number) =>
    cellPackage(await seededCell(visitor, prodId), choice);
  const quote = async (pkg: InputPackage, source: 'PKG' | 'CELL', group: Record<string, unknown>) => {
    const response = await visitor.api('tryout/quote', { item: buildCartItem(pkg, source, ''), group });
    return { status: response.statusCode, ...response.json() };
  };
  const tenAged30to39 = { headcount: 10, occupationClass: '1', ageBasis: 'bands', ageBands: { age30: 10 } };

  it('quotes docs/domain.md §2.4’s worked example: 2,290 a person, 21,755 a year, 1,914 a month', async () => {
    const answer = await quote(await pack('BASIC'), 'PKG', tenAged30to39);
    // a person a year: GTL 100 × 12.5 = 1,250; GAD 100 × 8 = 800; GAM 3 × 80 = 240; each × 10 × 0.95, then
    // × 1 / 0.52 / 0.262 / 0.088, rounded half up once; a person a month: × 0.95 × 0.088
    expect(answer).toEqual({
      status: 200,
      returnCode: 0,
      msg: '',
      data: {
        kind: 'quoted',
        headcount: 10,
        sizeFactor: 0.95,
        lines: [
          {
            PROD_ID: 'GTL',
            PROD_NAME: '團體一年定期壽險',
            sumInsured: 100 * WAN,
            daily: false,
            salaryMultiple: null,
            rate: 12.5,
            rateUnit: WAN,
            annualPerPerson: 1250,
            premiums: { annual: 11_875, semiAnnual: 6_175, quarterly: 3_111, monthly: 1_045 },
            // 1,250 × 0.95 × 0.088 = 104.5: half up
            monthlyPerPerson: 105,
          },
          {
            PROD_ID: 'GAD',
            PROD_NAME: '團體傷害保險',
            sumInsured: 100 * WAN,
            daily: false,
            salaryMultiple: null,
            rate: 8,
            rateUnit: WAN,
            annualPerPerson: 800,
            premiums: { annual: 7_600, semiAnnual: 3_952, quarterly: 1_991, monthly: 669 },
            monthlyPerPerson: 67,
          },
          {
            PROD_ID: 'GAM',
            PROD_NAME: '團體傷害醫療保險金',
            sumInsured: 3 * WAN,
            daily: false,
            salaryMultiple: null,
            rate: 80,
            rateUnit: WAN,
            annualPerPerson: 240,
            premiums: { annual: 2_280, semiAnnual: 1_186, quarterly: 597, monthly: 201 },
            monthlyPerPerson: 20,
          },
        ],
        // 22,900 × 0.95 = 21,755; × 0.52 = 11,312.6; × 0.262 = 5,699.81; × 0.088 = 1,914.44
        total: {
          annualPerPerson: 2_290,
          premiums: { annual: 21_755, semiAnnual: 11_313, quarterly: 5_700, monthly: 1_914 },
          monthlyPerPerson: 191,
        },
      },
    });
  });

  describe('group size (docs/domain.md §2.3: 5–9 × 1.00, 10–49 × 0.95, 50 and more negotiated)', () => {
    const at = (headcount: number) => ({ ...tenAged30to39, headcount, ageBands: { age30: headcount } });

    it('refuses 4 people, naming the field', async () => {
      expect(await quote(await pack('BASIC'), 'PKG', at(4))).toMatchObject({
        status: 400,
        msg: '投保人數須介於5至9999之間',
      });
    });

    it.each([
      [5, 1, 11_450],
      [9, 1, 20_610],
      [10, 0.95, 21_755],
      [49, 0.95, 106_600],
    ])('quotes %i people with the factor %d', async (headcount, sizeFactor, annual) => {
      const { data } = await quote(await pack('BASIC'), 'PKG', at(headcount));
      // 2,290 × people × factor (49: 106,599.5, half up)
      expect(data).toMatchObject({ kind: 'quoted', headcount, sizeFactor, total: { premiums: { annual } } });
    });

    it('answers 「請洽專人報價」 from 50 people, with no premium', async () => {
      const { data } = await quote(await pack('BASIC'), 'PKG', at(50));
      expect(data).toEqual({ kind: 'negotiated', headcount: 50 });
    });
  });

  it.each([
    ['1', 8],
    ['2', 10],
    ['3', 12],
    ['4', 16],
    ['5', 24],
    ['6', 32],
  ])('rates 團體傷害保險 at occupation class %s: %d a 萬', async (occupationClass, rate) => {
    const { data } = await quote(await cell('GAD', 100 * WAN), 'CELL', {
      headcount: 5,
      occupationClass,
      ageBasis: 'average',
      averageAge: 40,
    });
    expect(data.lines[0].rate).toBe(rate);
    expect(data.total.premiums.annual).toBe(100 * rate * 5);
  });

  describe('ages', () => {
    const gtl = () => cell('GTL', 100 * WAN);
    const averageAt = (averageAge: number) => ({
      headcount: 5,
      occupationClass: '1',
      ageBasis: 'average',
      averageAge,
    });

    it.each([
      [24, 8],
      [25, 9],
      [29, 9],
      [30, 11],
      [34, 11],
      [35, 14],
      [60, 95],
      [65, 140],
    ])('takes the GTL band of the average age %i: %d', async (age, rate) => {
      expect((await quote(await gtl(), 'CELL', averageAt(age))).data.lines[0].rate).toBe(rate);
    });

    it('refuses an average age outside the join ages of every chosen product', async () => {
      for (const age of [14, 66]) {
        expect(await quote(await gtl(), 'CELL', averageAt(age))).toMatchObject({
          status: 400,
          msg: '被保險人年齡須介於15至65歲',
        });
      }
    });

    it('averages a band over the ages within the join ages: 60 歲以上 is 60–65 for GTL', async () => {
      const { data } = await quote(await gtl(), 'CELL', {
        headcount: 6,
        occupationClass: '1',
        ageBasis: 'bands',
        ageBands: { age15: 3, age60: 3 },
      });
      // 15–19: 8; 60–65: (5 × 95 + 140) / 6 = 102.5; (3 × 8 + 3 × 102.5) / 6 = 55.25
      expect(data.lines[0].rate).toBe(55.25);
    });

    it('counts 60 歲以上 as 60 alone for GCI (join ages 15–60); refuses bands that do not add up', async () => {
      const gci = await cell('GCI', 50 * WAN);
      const bands = (ageBands: object, headcount = 5) => ({
        headcount,
        occupationClass: '1',
        ageBasis: 'bands',
        ageBands,
      });
      // GCI 50萬 at 60 (its 60–70 band, 110 a 萬): 50 × 110 × 5 people
      expect((await quote(gci, 'CELL', bands({ age60: 5 }))).data.total.premiums.annual).toBe(27_500);
      expect(await quote(gci, 'CELL', bands({ age30: 4 }))).toMatchObject({
        status: 400,
        msg: '各年齡層人數合計 4 人，須等於投保人數 5 人',
      });
      expect(await quote(gci, 'CELL', bands({ age30: '2.5' }))).toMatchObject({
        status: 400,
        msg: '30–39 歲人數必須為整數',
      });
    });
  });

  describe('salary multiples', () => {
    const goiGroup = (salary: object) => ({
      headcount: 10,
      occupationClass: '1',
      ageBasis: 'average',
      averageAge: 40,
      ...salary,
    });

    it('prices 月投保薪資 × 45 at a labor-insurance grade, up to the cap', async () => {
      const goi = await cell('GOI', 45);
      const { data } = await quote(goi, 'CELL', goiGroup({ salaryBasis: 'grade', salaryGrade: 29_500 }));
      // 29,500 × 45 = 1,327,500 → 132.75 萬 × 3 = 398.25 a person; × 10 × 0.95 = 3,783.375
      expect(data.lines[0]).toMatchObject({ sumInsured: 1_327_500, salaryMultiple: 45, rate: 3 });
      expect(data.total.premiums.annual).toBe(3_783);
      // 80,000 × 45 = 3,600,000 over the 300萬 cap
      const capped = await quote(goi, 'CELL', goiGroup({ salaryBasis: 'amount', salaryAmount: 80_000 }));
      expect(capped.data.lines[0].sumInsured).toBe(300 * WAN);
    });

    it('refuses a grade that is not in the table in force, and asks for the salary', async () => {
      const goi = await cell('GOI', 45);
      expect(await quote(goi, 'CELL', goiGroup({ salaryBasis: 'grade', salaryGrade: 30_000 }))).toMatchObject(
        {
          status: 400,
          msg: '勞保投保薪資非級距金額',
        },
      );
      expect(await quote(goi, 'CELL', goiGroup({}))).toMatchObject({
        status: 400,
        msg: '請選擇月薪填寫方式',
      });
    });
  });

  it('prices cells chosen together as one item, a rider with its main product', async () => {
    const [gad, gam] = [await seededCell(visitor, 'GAD'), await seededCell(visitor, 'GAM')];
    const set = cellSetPackage([
      { cell: gam, choice: 3 * WAN },
      { cell: gad, choice: 100 * WAN },
    ]);
    const { data } = await quote(set, 'CELL', tenAged30to39);
    expect(data.lines.map((line: { PROD_ID: string }) => line.PROD_ID)).toEqual(['GAD', 'GAM']);
    // (800 + 240) × 10 × 0.95
    expect(data.total.premiums.annual).toBe(9_880);
  });

  it('says which lines are a daily amount (日額), rated per NT$100 of it', async () => {
    const [gtl, ghd] = [await seededCell(visitor, 'GTL'), await seededCell(visitor, 'GHD')];
    const set = cellSetPackage([
      { cell: gtl, choice: 100 * WAN },
      { cell: ghd, choice: 1_000 },
    ]);
    const { data } = await quote(set, 'CELL', {
      headcount: 5,
      occupationClass: '1',
      ageBasis: 'average',
      averageAge: 35,
    });
    // GHD 30–39: 55 a year per NT$100 of 日額 → 1,000 / 100 × 55 = 550 a person
    expect(data.lines[1]).toMatchObject({
      PROD_ID: 'GHD',
      daily: true,
      sumInsured: 1_000,
      rate: 55,
      rateUnit: 100,
    });
    expect(data.lines[1].premiums.annual).toBe(550 * 5);
    expect(data.lines[0].daily).toBe(false);
  });

  it('refuses a rider without its main product, and an amount off the product’s steps', async () => {
    expect(await quote(await cell('GAM', 3 * WAN), 'CELL', tenAged30to39)).toEqual({
      status: 200,
      returnCode: 1,
      data: 'modalCartItemError',
      msg: '團體傷害醫療保險金須搭配團體傷害保險投保，請先加入團體傷害保險',
    });
    expect((await quote(await cell('GTL', 105 * WAN), 'CELL', tenAged30to39)).msg).toBe(
      '團體一年定期壽險保額須以10萬為單位',
    );
  });
});
