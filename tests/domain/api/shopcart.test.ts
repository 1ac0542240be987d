import { describe, expect, it } from 'vitest';
import {
  applicantSchema,
  findApplicationSchema,
  planSchema,
  rosterSchema,
  submitApplicationSchema,
} from '../../../src/domain/api/shopcart';
import { firstError } from '../validation/first-error';

/*
 * The shopcart application's schemas as docs/specification.md §5 words them: the messages below are the spec's, with the
 * form's labels. Today is 2026-11-23 (Asia/Taipei); the cart's products take people aged 20 to 60.
 */
const context = { today: '2026-11-23', ages: [20, 60] as const, needsSalary: false };
const salaried = { ...context, needsSalary: true };

const PLAN = { headcount: '10', occupationClass: '1', averageAge: '35' };

const APPLICANT = {
  companyName: '好安心科技股份有限公司',
  taxId: '04595252',
  representative: '王大明',
  industry: 'C',
  city: '臺北市',
  district: '信義區',
  street: '市府路 1 號',
  contactName: '林小華',
  contactTitle: '人資專員',
  mobile: '0912345678',
  phone: '',
  phoneExt: '',
  email: 'hr@example.com.tw',
  headcount: '10',
  startDate: '2026-12-15',
  ageMin: '22',
  ageMax: '58',
};

const plan = (change: object, ctx: object = context) => firstError(planSchema, { ...PLAN, ...change }, ctx);
const applicant = (change: object, ctx: object = context) =>
  firstError(applicantSchema, { ...APPLICANT, ...change }, ctx);
/** The message of one field of the applicant (another field may fail too). */
function applicantAt(
  field: keyof typeof APPLICANT | 'totalSalary' | 'maxSalary',
  change: object,
  ctx: object = context,
) {
  try {
    applicantSchema.validateSyncAt(field, { ...APPLICANT, ...change }, { context: ctx });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('STEP1 投保內容 (planSchema)', () => {
  it('takes a plan of 5 to 49 people of a known occupation class, aged within the cart’s join ages', () => {
    expect(plan({})).toBeNull();
    expect(plan({ headcount: '5' })).toBeNull();
    expect(plan({ headcount: '49' })).toBeNull();
    expect(plan({ headcount: '4' })).toBe('投保人數須介於5至49之間');
    expect(plan({ headcount: '50' })).toBe('投保人數須介於5至49之間');
    expect(plan({ headcount: '' })).toBe('投保人數不可為空白');
    expect(plan({ headcount: '10.5' })).toBe('投保人數必須為整數');
    expect(plan({ occupationClass: '' })).toBe('請選擇職業類別');
    expect(plan({ occupationClass: '9' })).not.toBeNull();
    expect(plan({ averageAge: '19' })).toBe('被保險人年齡須介於20至60歲');
    expect(plan({ averageAge: '61' })).toBe('被保險人年齡須介於20至60歲');
    expect(plan({ averageAge: '20' })).toBeNull();
    expect(plan({ averageAge: '60' })).toBeNull();
  });

  it('asks 平均月薪 only for a cart with a salary-multiple item, and then up to 20萬', () => {
    expect(plan({ averageSalary: '' })).toBeNull();
    expect(plan({ averageSalary: '' }, salaried)).toBe('平均月薪不可為空白');
    expect(plan({ averageSalary: '45000' }, salaried)).toBeNull();
    expect(plan({ averageSalary: '200000' }, salaried)).toBeNull();
    expect(plan({ averageSalary: '200001' }, salaried)).toBe('平均月薪須介於1至200000之間');
  });
});

describe('STEP2 要保單位資料 (applicantSchema)', () => {
  it('takes a complete company', () => {
    expect(applicant({})).toBeNull();
  });

  it.each([
    ['companyName', '要保單位名稱不可為空白'],
    ['taxId', '統一編號不可為空白'],
    ['representative', '負責人不可為空白'],
    ['industry', '請選擇行業類別'],
    ['city', '請選擇縣市'],
    ['district', '請選擇鄉鎮市區'],
    ['street', '地址不可為空白'],
    ['contactName', '聯絡人不可為空白'],
    ['contactTitle', '聯絡人職稱不可為空白'],
    ['email', '電子郵件不可為空白'],
    ['headcount', '投保人數不可為空白'],
    ['startDate', '投保始期不可為空白'],
    ['ageMin', '被保險人最低年齡不可為空白'],
    ['ageMax', '被保險人最高年齡不可為空白'],
  ] as const)('asks for %s: 「%s」', (field, message) => {
    expect(applicantAt(field, { [field]: '' })).toBe(message);
  });

  it('limits the free texts to their lengths, a Chinese character counting 2', () => {
    expect(applicant({ companyName: '公'.repeat(40) })).toBeNull();
    expect(applicant({ companyName: '公'.repeat(41) })).toBe('要保單位名稱長度限制為80');
    expect(applicant({ representative: '王'.repeat(20) })).toBeNull();
    expect(applicant({ representative: '王'.repeat(21) })).toBe('負責人長度限制為40');
    expect(applicant({ street: '路'.repeat(60) })).toBeNull();
    expect(applicant({ street: '路'.repeat(61) })).toBe('地址長度限制為120');
    expect(applicant({ contactName: '林'.repeat(21) })).toBe('聯絡人長度限制為40');
    expect(applicant({ contactTitle: '專'.repeat(21) })).toBe('聯絡人職稱長度限制為40');
    expect(applicant({ email: `hr@${'a'.repeat(50)}.${'b'.repeat(50)}.tw` })).toBe('電子郵件長度限制為100');
    expect(applicant({ phone: '02-27208889', phoneExt: '1234567' })).toBe('分機長度限制為6');
  });

  it('checks the 統一編號 and takes it typed in full-width digits', () => {
    expect(applicant({ taxId: '04595253' })).toBe('請輸入正確的統一編號');
    expect(applicant({ taxId: '０４５９５２５２' })).toBeNull();
  });

  it('takes only a district of the chosen city', () => {
    expect(applicant({ city: '新北市', district: '板橋區' })).toBeNull();
    expect(applicant({ city: '新北市', district: '信義區' })).toBe('請選擇鄉鎮市區');
    expect(applicantAt('city', { city: '台北市' })).toBe('請選擇縣市');
    expect(applicant({ industry: 'Z' })).toBe('請選擇行業類別');
  });

  it('needs 手機 or 市話, and checks whichever is given', () => {
    expect(applicant({ mobile: '', phone: '' })).toBe('手機號碼與市話請至少填寫一項');
    expect(applicant({ mobile: '', phone: '02-27208889' })).toBeNull();
    expect(applicant({ mobile: '0812345678' })).toBe('請輸入正確的手機號碼');
    expect(applicant({ phoneExt: '12a' })).toBe('分機必須為整數');
    expect(applicant({ email: 'hr@' })).toBe('請輸入正確的電子郵件地址');
  });

  it('takes a 投保始期 from the 14th to the 60th day from today', () => {
    expect(applicant({ startDate: '2026-12-07' })).toBeNull();
    expect(applicant({ startDate: '2027-01-22' })).toBeNull();
    expect(applicant({ startDate: '2026-12-06' })).toBe('投保始期須為今日起第14天至第60天之間');
    expect(applicant({ startDate: '2027-01-23' })).toBe('投保始期須為今日起第14天至第60天之間');
    expect(applicant({ startDate: '2026-02-30' })).toBe('日期錯誤');
  });

  it('keeps the youngest and oldest insured within the join ages and in order', () => {
    expect(applicant({ ageMin: '19' })).toBe('被保險人年齡須介於20至60歲');
    expect(applicant({ ageMax: '61' })).toBe('被保險人年齡須介於20至60歲');
    expect(applicant({ ageMin: '40', ageMax: '40' })).toBeNull();
    expect(applicant({ ageMin: '41', ageMax: '40' })).toBe('被保險人最高年齡不可小於最低年齡');
  });

  it('asks the salaries only for a salary-multiple cart: not zero, 最高月薪 up to 20萬, the total within the limit', () => {
    const salaries = { totalSalary: '45', maxSalary: '6' };
    expect(applicant({ totalSalary: '', maxSalary: '' })).toBeNull();
    expect(applicantAt('totalSalary', { totalSalary: '', maxSalary: '' }, salaried)).toBe(
      '員工總月薪不可為空白',
    );
    expect(applicantAt('maxSalary', { totalSalary: '', maxSalary: '' }, salaried)).toBe('最高月薪不可為空白');
    expect(applicant(salaries, salaried)).toBeNull();
    expect(applicant({ ...salaries, totalSalary: '0' }, salaried)).toBe('員工總月薪不可為0');
    expect(applicant({ ...salaries, maxSalary: '0' }, salaried)).toBe('最高月薪不可為0');
    expect(applicant({ ...salaries, maxSalary: '21' }, salaried)).toBe('月薪上限20萬');
    // 10 people at most 20萬 each: 200萬 in all
    expect(applicant({ ...salaries, totalSalary: '200' }, salaried)).toBeNull();
    expect(applicant({ ...salaries, totalSalary: '201' }, salaried)).toBe('員工月薪總額超過上限');
  });
});

describe('submitApplication', () => {
  const body = {
    requestId: '3b241101-e2bb-4255-8caf-4136c566a962',
    plan: PLAN,
    applicant: APPLICANT,
    consent: true,
    captcha: 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=',
  };

  it('needs the 個人資料告知事項 ticked and an empty roster by default', () => {
    expect(firstError(submitApplicationSchema, { ...body, consent: false }, context)).toBe(
      '請勾選個人資料告知事項',
    );
    const cast = submitApplicationSchema.cast(body, { context });
    expect(cast.roster).toEqual([]);
  });

  it('takes at most 49 roster rows', () => {
    const row = {
      name: '王小明',
      personId: 'A123456789',
      birthDate: '1990-05-12',
      gender: 'M',
      occupationClass: '1',
    };
    const roster = (n: number) => Array.from({ length: n }, () => row);
    expect(firstError(rosterSchema, roster(50), context)).toBe('被保險人名冊最多49項');
    expect(firstError(rosterSchema, roster(49), context)).toBeNull();
  });

  it('asks what became of an application by its request id only', () => {
    expect(firstError(findApplicationSchema, { requestId: body.requestId })).toBeNull();
    expect(firstError(findApplicationSchema, { requestId: '' })).not.toBeNull();
  });
});
