import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor } from '../support/shopcart';

describe('shopcart/estimate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  async function withCart(...fill: ((v: ShopcartVisitor) => Promise<unknown>)[]): Promise<ShopcartVisitor> {
    const visitor = await ShopcartVisitor.arrive(t);
    for (const step of fill) await step(visitor);
    return visitor;
  }
  const basic = (v: ShopcartVisitor) => v.addPackage('BASIC');

  it('prices 基本型 for 10 people of class 1 aged 35 as docs/domain.md §2.4 does, with the 35–39 band', async () => {
    const visitor = await withCart(basic);
    const classId = (await visitor.call('getCart')).json().data.CLASS_LIST[0].CLASS_ID;
    const response = await visitor.shopcart('estimate', {
      headcount: 10,
      occupationClass: '1',
      averageAge: 35,
    });
    expect(response.statusCode).toBe(200);
    // GTL 100萬 × 14 = 1,400; GAD 100萬 × 8 = 800; GAM 3萬 × 80 = 240 → 2,440 a person a year
    // 2,440 × 10 × 0.95 = 23,180 a year; 2,440 × 0.95 × 0.088 = 203.98 → 204 a person a month
    expect(response.json()).toEqual({
      returnCode: 0,
      msg: '',
      data: {
        kind: 'quoted',
        headcount: 10,
        items: [{ CLASS_ID: classId, CLASS_TITLE: '基本型', annual: 23_180, monthlyPerPerson: 204 }],
        total: { annual: 23_180, monthlyPerPerson: 204 },
      },
    });
  });

  it('takes the 30–34 band at average age 32', async () => {
    const visitor = await withCart(basic);
    const { data } = (
      await visitor.shopcart('estimate', { headcount: '10', occupationClass: '1', averageAge: '32' })
    ).json();
    // GTL 100萬 × 11 = 1,100 + 800 + 240 = 2,140; × 10 × 0.95 = 20,330; 2,140 × 0.95 × 0.088 = 178.90 → 179
    expect(data.total).toEqual({ annual: 20_330, monthlyPerPerson: 179 });
  });

  it('uses the 5–9 factor 1.00 below 10 people', async () => {
    const visitor = await withCart(basic);
    const { data } = (
      await visitor.shopcart('estimate', { headcount: 5, occupationClass: '1', averageAge: 35 })
    ).json();
    // 2,440 × 5 × 1.00 = 12,200; 2,440 × 0.088 = 214.72 → 215
    expect(data.total).toEqual({ annual: 12_200, monthlyPerPerson: 215 });
  });

  it('prices a salary cell at its chosen multiple and class-rated lines at the occupation class', async () => {
    const visitor = await withCart(basic, (v) => v.addCell('GOI', 45));
    const response = await visitor.shopcart('estimate', {
      headcount: 20,
      occupationClass: '3',
      averageAge: 45,
      averageSalary: 40_000,
    });
    const { data } = response.json();
    // 基本型 at class 3, age 45 (45–49: 29): GTL 100 × 29 = 2,900; GAD 100 × 12 = 1,200; GAM 3 × 120 = 360
    //   → 4,460; × 20 × 0.95 = 84,740; 4,460 × 0.95 × 0.088 = 372.86 → 373
    // GOI 40,000 × 45 = 1,800,000 (under the 300萬 cap) → 180萬 × 4.5 = 810; × 20 × 0.95 = 15,390;
    //   810 × 0.95 × 0.088 = 67.72 → 68
    // total 5,270 × 20 × 0.95 = 100,130; 5,270 × 0.95 × 0.088 = 440.57 → 441
    expect(data).toMatchObject({
      kind: 'quoted',
      headcount: 20,
      items: [
        { CLASS_TITLE: '基本型', annual: 84_740, monthlyPerPerson: 373 },
        { CLASS_TITLE: '團體職業災害補償保險（月投保薪資 × 45）', annual: 15_390, monthlyPerPerson: 68 },
      ],
      total: { annual: 100_130, monthlyPerPerson: 441 },
    });
  });

  it('caps a salary multiple at the package line’s cap', async () => {
    const visitor = await withCart((v) => v.addPackage('PREMIUM'));
    const plan = { headcount: 10, occupationClass: '1', averageAge: 30 };
    const at = async (averageSalary: number) =>
      (await visitor.shopcart('estimate', { ...plan, averageSalary })).json().data.total.annual;
    // 尊榮型's GTL is 月薪 × 36 up to 500萬: 150,000 × 36 = 540萬 and 200,000 × 36 = 720萬 both pay on 500萬
    expect(await at(150_000)).toBe(await at(200_000));
    expect(await at(100_000)).toBeLessThan(await at(150_000));
  });

  it('refuses an empty cart with a clear message', async () => {
    const visitor = await ShopcartVisitor.arrive(t);
    const response = await visitor.shopcart('estimate', {
      headcount: 10,
      occupationClass: '1',
      averageAge: 35,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: 1, data: null, msg: '購物車沒有保障項目，請先加入保障' });
  });

  it.each<[string, object, string]>([
    ['a group under 5', { headcount: 4, occupationClass: '1', averageAge: 35 }, '投保人數須介於5至49之間'],
    ['a group of 50', { headcount: 50, occupationClass: '1', averageAge: 35 }, '投保人數須介於5至49之間'],
    ['an unknown class', { headcount: 10, occupationClass: '7', averageAge: 35 }, '請選擇職業類別'],
    ['no age', { headcount: 10, occupationClass: '1' }, '平均年齡不可為空白'],
    // 基本型's products take ages 15–65 (GTL), 15–70 (GAD, GAM): every product must accept the age
    [
      'an age over the cart’s join ages',
      { headcount: 10, occupationClass: '1', averageAge: 66 },
      '被保險人年齡須介於15至65歲',
    ],
  ])('answers 400 for %s', async (_, plan, msg) => {
    const visitor = await withCart(basic);
    const response = await visitor.shopcart('estimate', plan);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
  });

  it('asks the average salary only when the cart holds a salary-multiple item', async () => {
    const visitor = await withCart((v) => v.addPackage('ADVANCED'));
    const plan = { headcount: 10, occupationClass: '1', averageAge: 35 };
    expect((await visitor.shopcart('estimate', plan)).json()).toEqual({
      returnCode: 400,
      data: null,
      msg: '平均月薪不可為空白',
    });
    const { data } = (await visitor.shopcart('estimate', { ...plan, averageSalary: 50_000 })).json();
    // 進階型: GTL 50,000 × 24 = 120萬 × 14 = 1,680; GAD 300萬 × 8 = 2,400; GAM 5萬 × 80 = 400;
    // GHR 10萬 × 244 = 2,440 → 6,920; × 10 × 0.95 = 65,740; 6,920 × 0.95 × 0.088 = 578.51 → 579
    expect(data.total).toEqual({ annual: 65_740, monthlyPerPerson: 579 });
  });

  it('refuses an item the catalogue no longer accepts', async () => {
    const own = await createTestApp();
    try {
      const visitor = await ShopcartVisitor.arrive(own);
      await visitor.addPackage('BASIC');
      await own.db
        .deleteFrom('package_products')
        .where('pack_id', '=', 'BASIC')
        .where('prod_id', '=', 'GAM')
        .execute();
      const response = await visitor.shopcart('estimate', {
        headcount: 10,
        occupationClass: '1',
        averageAge: 35,
      });
      expect(response.json()).toEqual({
        returnCode: 1,
        data: 'modalCartItemError',
        msg: '基本型的保障內容與目前方案不符，請重新選擇',
      });
    } finally {
      await own.close();
    }
  });

  it('gives getCart lines their join ages', async () => {
    const visitor = await withCart(basic);
    const lines = (await visitor.call('getCart')).json().data.CLASS_LIST[0].PROD_LIST;
    expect(lines.map((l: Record<string, unknown>) => [l.PROD_ID, l.JOIN_AGE_MIN, l.JOIN_AGE_MAX])).toEqual([
      ['GTL', 15, 65],
      ['GAD', 15, 70],
      ['GAM', 15, 70],
    ]);
  });
});
