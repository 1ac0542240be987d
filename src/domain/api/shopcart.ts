import { array, type InferType, object, ref } from 'yup';
import { SALARY_LIMITS } from '../constants';
import { INDUSTRY_VALUES } from '../industry';
import { messages } from '../messages';
import { OCCUPATION_CLASS_VALUES } from '../occupation';
import { GROUP_SIZE } from '../pricing';
import { ROSTER_MAX_ROWS, rosterRowSchema } from '../roster';
import { CITY_NAMES, isDistrictOf } from '../taiwan-address';
import { insuranceDate, validDate } from '../validation/date-rules';
import { amount, captchaPayload, choice, dateText, requestId, text, tick } from '../validation/fields';
import { taxId } from '../validation/id-rules';
import { between, maxMonthlySalary, notZero, totalMonthlySalary } from '../validation/number-rules';
import { labelOf } from '../validation/params';
import { maxLength } from '../validation/text-rules';
import { contactChannelFields } from './contact-channels';
import { insuredAge, monthlySalary, whole } from './group-fields';

/*
 * The shopcart application (ODGAF040-043): the same schemas check the forms on blur and the server's
 * submitApplication. What depends on the cart comes in the validation context:
 *   $today        ISO date in Asia/Taipei (the 投保始期 window and ages count from it)
 *   $ages         [youngest, oldest] join ages every product in the cart accepts
 *   $needsSalary  the cart holds a salary-multiple item, so salaries are asked and checked
 */
export interface ShopcartValidationContext {
  today: string;
  ages: readonly [number, number];
  needsSalary: boolean;
}

/** A salary in 萬, asked only when the cart holds a salary-multiple item. */
const salaryWan = (label: string) =>
  amount(label).when('$needsSalary', ([needs], s) => (needs === true ? s.required().test(notZero()) : s));

/** STEP1: what the estimate needs (投保人數, 職業類別, 平均年齡, and 平均月薪 for salary-multiple items). */
export const planSchema = object({
  headcount: whole('投保人數').required().test(between(GROUP_SIZE.min, GROUP_SIZE.maxOnline)),
  occupationClass: choice('職業類別').required().oneOf(OCCUPATION_CLASS_VALUES),
  averageAge: insuredAge('平均年齡'),
  averageSalary: amount('平均月薪').when('$needsSalary', ([needs]) =>
    needs === true ? monthlySalary('平均月薪') : amount('平均月薪'),
  ),
});
export type ShopcartPlan = InferType<typeof planSchema>;

/** STEP2: 要保單位資料. 手機 and 市話 are each optional, but one of them is needed. */
export const applicantSchema = object({
  companyName: text('要保單位名稱').required().test(maxLength(80)),
  taxId: text('統一編號', 'halfWidth').required().test(taxId()),
  representative: text('負責人').required().test(maxLength(40)),
  industry: choice('行業類別').required().oneOf(INDUSTRY_VALUES),
  city: choice('縣市').required().oneOf(CITY_NAMES),
  district: choice('鄉鎮市區')
    .required()
    .test({
      name: 'districtOfCity',
      message: (p) => `請選擇${labelOf(p)}`,
      test(value) {
        const { city } = this.parent as { city?: unknown };
        return value === undefined || typeof city !== 'string' || isDistrictOf(city, value);
      },
    }),
  street: text('地址').required().test(maxLength(120)),
  contactName: text('聯絡人').required().test(maxLength(40)),
  contactTitle: text('聯絡人職稱').required().test(maxLength(40)),
  ...contactChannelFields(),
  headcount: whole('投保人數').required().test(between(GROUP_SIZE.min, GROUP_SIZE.maxOnline)),
  totalSalary: salaryWan('員工總月薪').test(
    totalMonthlySalary({
      checking: true,
      people: ref('headcount'),
      limit: SALARY_LIMITS.averageMonthlySalary,
    }),
  ),
  maxSalary: salaryWan('最高月薪').test(
    maxMonthlySalary({ checking: true, limit: SALARY_LIMITS.maxMonthlySalaryWan }),
  ),
  startDate: dateText('投保始期').required().test(validDate()).test(insuranceDate()),
  ageMin: insuredAge('被保險人最低年齡'),
  ageMax: insuredAge('被保險人最高年齡').test({
    name: 'ageOrder',
    message: '被保險人最高年齡不可小於最低年齡',
    test(value) {
      const min = (this.parent as { ageMin?: unknown }).ageMin;
      return value === undefined || typeof min !== 'number' || Number.isNaN(min) || value >= min;
    },
  }),
});
export type Applicant = InferType<typeof applicantSchema>;

/** The 被保險人名冊: optional; when given, one row per insured person (at most the online group size). */
export const rosterSchema = array()
  .label('被保險人名冊')
  .of(rosterRowSchema)
  .max(ROSTER_MAX_ROWS, (p) => messages.maxCount(labelOf(p), ROSTER_MAX_ROWS));

/** Body of POST shopcart/submitApplication. */
export const submitApplicationSchema = object({
  requestId: requestId('申請識別碼'),
  plan: planSchema.label('投保內容').required(),
  applicant: applicantSchema.label('要保單位資料').required(),
  roster: rosterSchema.default([]),
  consent: tick('個人資料告知事項').required().isTrue(),
  captcha: captchaPayload(),
});
export type SubmitApplication = InferType<typeof submitApplicationSchema>;

/** Body of POST shopcart/findApplication: a flow whose submit went unanswered asks what became of it. */
export const findApplicationSchema = object({ requestId: requestId('申請識別碼') });

/** Body of POST shopcart/estimate: the plan of STEP1, priced on the visitor's cart. */
export const estimateSchema = planSchema;

/** What submitApplication answers. */
export interface SubmittedApplication {
  /** 受理編號: GI + ROC date yyyMMdd + 5-digit serial of the day */
  applicationNo: string;
  /** ISO instant the application was stored */
  submittedAt: string;
  /** ISO date by which the insurer's staff contact the company (3 working days) */
  contactBy: string;
  /** opens the overprint already identified (the STEP4 print link); sealed by the server, 24 hours */
  overprintToken: string;
}

/** One cart item priced for the plan (NT$, rounded once, see src/domain/pricing.ts toYuan). */
export interface PricedItem {
  CLASS_ID: number;
  CLASS_TITLE: string;
  annual: number;
  monthlyPerPerson: number;
}

/** What shopcart/estimate answers: quotePremium's kinds; items and totals only when quoted. */
export type CartEstimate =
  | {
      kind: 'quoted';
      headcount: number;
      items: PricedItem[];
      total: { annual: number; monthlyPerPerson: number };
    }
  | { kind: 'negotiated'; headcount: number }
  | { kind: 'tooSmall'; headcount: number; min: number };
