import { type InferType, mixed, object } from 'yup';
import { messages } from '../messages';
import { OCCUPATION_CLASS_VALUES } from '../occupation';
import type { AgeProfile, PaymentMode } from '../pricing';
import { GROUP_SIZE } from '../pricing';
import { amount, choice } from '../validation/fields';
import { between, laborInsuranceSalary } from '../validation/number-rules';
import { insuredAge, monthlySalary, whole } from './group-fields';
import { TRYOUT_HEADCOUNT_MAX, tryoutItemSchema } from './tryout-item';

/*
 * The premium trial (tryout, ODGAF070-072). STEP1's choice travels as the cart item it would become
 * (insertCart's body, so the quote prices exactly what 加入購物車 puts in the cart); STEP2's group is
 * checked against it. What depends on the choice comes in the validation context:
 *   $today        ISO date in Asia/Taipei (the labor-insurance salary table in force)
 *   $ages         [youngest, oldest] join ages every chosen product accepts
 *   $needsSalary  a chosen line is a salary multiple, so the monthly salary is asked
 */
export interface TryoutValidationContext {
  today: string;
  ages: readonly [number, number];
  needsSalary: boolean;
}

/**
 * The age bands a visitor may count people in (STEP2's 年齡分布). Their edges are those of every rate
 * table's bands (docs/domain.md §2.3), so a band never mixes two rates it could not average evenly; the last one
 * ends at the oldest join age of the catalogue. Each band is clipped to the chosen products' join ages.
 */
export const AGE_BANDS = [
  { key: 'age15', label: '15–19 歲', ageMin: 15, ageMax: 19 },
  { key: 'age20', label: '20–29 歲', ageMin: 20, ageMax: 29 },
  { key: 'age30', label: '30–39 歲', ageMin: 30, ageMax: 39 },
  { key: 'age40', label: '40–49 歲', ageMin: 40, ageMax: 49 },
  { key: 'age50', label: '50–59 歲', ageMin: 50, ageMax: 59 },
  { key: 'age60', label: '60 歲以上', ageMin: 60, ageMax: 70 },
] as const;
export type AgeBandKey = (typeof AGE_BANDS)[number]['key'];
/** How many people are in each band; a band left blank has nobody. */
export type AgeBandCounts = Partial<Record<AgeBandKey, number>>;

/** The part of a band within the join ages [youngest, oldest]; null when none of it is. */
export function bandWithin(
  band: { ageMin: number; ageMax: number },
  ages: readonly [number, number],
): { ageMin: number; ageMax: number } | null {
  const ageMin = Math.max(band.ageMin, ages[0]);
  const ageMax = Math.min(band.ageMax, ages[1]);
  return ageMin <= ageMax ? { ageMin, ageMax } : null;
}

export const AGE_BASES = ['average', 'bands'] as const;
export const SALARY_BASES = ['grade', 'amount'] as const;

function contextOf(options: { context?: unknown }): Partial<TryoutValidationContext> {
  return (options.context ?? {}) as Partial<TryoutValidationContext>;
}

/** One band's head count: blank is nobody; a band outside the join ages must stay empty. */
const bandCount = (band: (typeof AGE_BANDS)[number]) =>
  whole(`${band.label}人數`)
    .test(between(0, TRYOUT_HEADCOUNT_MAX))
    .test({
      name: 'bandAges',
      test(value) {
        const ages = contextOf(this.options).ages;
        if (!value || !ages || bandWithin(band, ages)) return true;
        return this.createError({ message: messages.ageRange(ages[0], ages[1]) });
      },
    });

const bandsSchema = object(Object.fromEntries(AGE_BANDS.map((band) => [band.key, bandCount(band)])))
  .label('各年齡層人數')
  .test({
    name: 'bandsTotal',
    test(value, ctx) {
      const { headcount } = ctx.parent as { headcount?: unknown };
      // a head count that is no whole number is its own field's message
      if (typeof headcount !== 'number' || !Number.isInteger(headcount) || !value) return true;
      const counts = AGE_BANDS.map((band) => (value as AgeBandCounts)[band.key] ?? 0);
      // a count that is no head count is its own field's message
      if (!counts.every((count) => Number.isInteger(count) && count >= 0)) return true;
      const counted = counts.reduce((sum, count) => sum + count, 0);
      return (
        counted === headcount || ctx.createError({ message: messages.ageBandsTotal(counted, headcount) })
      );
    },
  });

/** STEP2 投保團體: who the group is. */
export const groupSchema = object({
  headcount: whole('投保人數').required().test(between(GROUP_SIZE.min, TRYOUT_HEADCOUNT_MAX)),
  occupationClass: choice('職業類別').required().oneOf(OCCUPATION_CLASS_VALUES),
  ageBasis: choice('年齡資料').required().oneOf(AGE_BASES),
  averageAge: amount('平均年齡').when('ageBasis', ([basis]) =>
    basis === 'average' ? insuredAge('平均年齡') : amount('平均年齡').strip(),
  ),
  ageBands: bandsSchema.when('ageBasis', ([basis], s) => (basis === 'bands' ? s : s.strip())),
  salaryBasis: choice('月薪填寫方式').when('$needsSalary', ([needs], s) =>
    needs === true ? s.required().oneOf(SALARY_BASES) : s.strip(),
  ),
  salaryGrade: amount('月投保薪資').when(['salaryBasis', '$needsSalary'], ([basis, needs], s) =>
    needs === true && basis === 'grade' ? s.required().test(laborInsuranceSalary()) : s.strip(),
  ),
  salaryAmount: amount('平均月薪').when(['salaryBasis', '$needsSalary'], ([basis, needs], s) =>
    needs === true && basis === 'amount' ? monthlySalary('平均月薪') : s.strip(),
  ),
});
/** STEP2's group as the schema leaves it: only what its bases ask for. */
export type TryoutGroup = Omit<InferType<typeof groupSchema>, 'ageBands'> & { ageBands?: AgeBandCounts };

/** Body of POST tryout/quote. The group is checked once the item says what it needs (its context). */
export const quoteRequestSchema = object({
  item: tryoutItemSchema.label('試算保障').required(),
  group: mixed().label('投保團體').required(),
});

/** The group as pricing takes it: ages as a profile (bands clipped to the join ages), salary in NT$. */
export function groupProfile(group: TryoutGroup, ages: readonly [number, number]) {
  const profile: AgeProfile =
    group.ageBasis === 'average'
      ? { kind: 'average', age: group.averageAge ?? 0 }
      : {
          kind: 'bands',
          bands: AGE_BANDS.flatMap((band) => {
            const within = bandWithin(band, ages);
            const count = group.ageBands?.[band.key] ?? 0;
            return within && count > 0 ? [{ ...within, count }] : [];
          }),
        };
  const salary = group.salaryBasis === 'grade' ? group.salaryGrade : group.salaryAmount;
  return {
    headcount: group.headcount,
    occupationClass: Number(group.occupationClass),
    ages: profile,
    ...(salary === undefined ? {} : { averageSalary: salary }),
  };
}

/** Premiums of every payment mode, and what a person pays a month (whole NT$). */
export interface ModalPremiums {
  /** a person a year at the rates, before the group-size factor (docs/domain.md §2.4's 2,290) */
  annualPerPerson: number;
  premiums: Record<PaymentMode, number>;
  monthlyPerPerson: number;
}

/** One product of a quote. */
export interface QuotedLine extends ModalPremiums {
  PROD_ID: string;
  PROD_NAME: string;
  /** NT$ per person; the daily amount (日額) of a daily product */
  sumInsured: number;
  daily: boolean;
  /** the multiple of the monthly salary, on salary-multiple lines */
  salaryMultiple: number | null;
  /** the group's average rate (NT$ per rateUnit a year) */
  rate: number;
  rateUnit: number;
}

/** What tryout/quote answers: each product and the whole, or 「請洽專人報價」 from 50 people. */
export type TryoutQuote =
  | {
      kind: 'quoted';
      headcount: number;
      /** the group-size factor applied (1 for 5–9 people, 0.95 for 10–49) */
      sizeFactor: number;
      lines: QuotedLine[];
      total: ModalPremiums;
    }
  | { kind: 'negotiated'; headcount: number };
