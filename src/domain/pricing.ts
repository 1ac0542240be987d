import { laborSalaryTable } from './labor-salary';
import type { IsoDate } from './roc-date';

/** Premium of a payment mode as a share of the annual premium (docs/domain.md §2.1, 台灣人壽 group tariff). */
export const MODAL_FACTORS = { annual: 1, semiAnnual: 0.52, quarterly: 0.262, monthly: 0.088 } as const;
export type PaymentMode = keyof typeof MODAL_FACTORS;

/** A group has at least 5 members; from 50 the rate is negotiated, so online quotes stop at 49. */
export const GROUP_SIZE = { min: 5, maxOnline: 49 } as const;

export type GroupSizeFactor =
  | { kind: 'tooSmall'; min: number }
  | { kind: 'quoted'; factor: number }
  | { kind: 'negotiated' };

/** Group-size factors of docs/domain.md §2.3 by tier: 5–9 people and 10–49 people. */
const SIZE_FACTORS = { under10: 1, from10: 0.95 } as const;

/** docs/domain.md §2.3: 5–9 people 1.00, 10–49 people 0.95, 50 and more not quoted online. */
export function groupSizeFactor(headcount: number): GroupSizeFactor {
  if (headcount < GROUP_SIZE.min) return { kind: 'tooSmall', min: GROUP_SIZE.min };
  if (headcount > GROUP_SIZE.maxOnline) return { kind: 'negotiated' };
  return { kind: 'quoted', factor: headcount < 10 ? SIZE_FACTORS.under10 : SIZE_FACTORS.from10 };
}

/** One band of a rate table: an age band or an occupation class, and NT$ per rate unit per year. */
export interface RateBand {
  ageMin: number | null;
  ageMax: number | null;
  occupationClass: number | null;
  rate: number;
}

/** How a product is rated: by age band or occupation class, per rate_unit NT$ (10000 = per 萬). */
export interface RatedProduct {
  rateDriver: 'age' | 'class';
  rateUnit: number;
  rates: readonly RateBand[];
}

/** The rate of a product for an insured person; undefined when no band covers them. */
export function rateFor(product: RatedProduct, who: { age: number; occupationClass: number }) {
  const band = product.rates.find((r) =>
    product.rateDriver === 'age'
      ? r.ageMin !== null && r.ageMax !== null && r.ageMin <= who.age && who.age <= r.ageMax
      : r.occupationClass === who.occupationClass,
  );
  return band?.rate;
}

/** The ages of a group's members, for its average rate: an average age, or how many people in each band. */
export type AgeProfile =
  | { kind: 'average'; age: number }
  | { kind: 'bands'; bands: ReadonlyArray<{ ageMin: number; ageMax: number; count: number }> };

/**
 * The group's average rate of a product (平均保險費率, docs/domain.md §2.1): a class-rated product at the
 * occupation class; an age-rated one at the average age, or over the age bands, each band's people
 * spread evenly over its ages (docs/domain.md §2.4: ten people aged 30–39 give GTL (5 × 11 + 5 × 14) / 10 = 12.5).
 * Undefined when an age has no rate band, or no band has anyone in it.
 */
export function averageRate(
  product: RatedProduct,
  group: { ages: AgeProfile; occupationClass: number },
): number | undefined {
  const { ages, occupationClass } = group;
  if (product.rateDriver === 'class' || ages.kind === 'average') {
    return rateFor(product, { age: ages.kind === 'average' ? ages.age : 0, occupationClass });
  }
  let people = 0;
  let total = 0;
  for (const band of ages.bands) {
    if (band.count === 0) continue;
    let sum = 0;
    for (let age = band.ageMin; age <= band.ageMax; age++) {
      const rate = rateFor(product, { age, occupationClass });
      if (rate === undefined) return undefined;
      sum += rate;
    }
    people += band.count;
    total += (band.count * sum) / (band.ageMax - band.ageMin + 1);
  }
  return people > 0 ? total / people : undefined;
}

/** One line of a quote, per insured person: sum insured (NT$), its rate unit and the (average) rate. */
export interface PricedLine {
  sumInsured: number;
  rateUnit: number;
  rate: number;
}

export type Quote =
  | {
      kind: 'quoted';
      headcount: number;
      sizeFactor: number;
      premiums: Record<PaymentMode, number>;
      /** whole NT$ a person pays a month in the monthly mode */
      monthlyPerPerson: number;
    }
  | { kind: 'negotiated'; headcount: number }
  | { kind: 'tooSmall'; headcount: number; min: number };

/**
 * The group premium of each payment mode (docs/domain.md §2.3): Σ lines (sum insured / rate unit × rate) ×
 * headcount × group-size factor × modal factor. Lines are per person at the group's average rate
 * (平均保險費率). Nothing is rounded on the way; each mode is rounded once, at the end, see {@link toYuan}.
 */
export function quotePremium(lines: readonly PricedLine[], headcount: number): Quote {
  const size = groupSizeFactor(headcount);
  if (size.kind === 'negotiated') return { kind: 'negotiated', headcount };
  if (size.kind === 'tooSmall') return { kind: 'tooSmall', headcount, min: size.min };
  const annual = annualPerPerson(lines) * headcount * size.factor;
  const premiums = Object.fromEntries(
    Object.entries(MODAL_FACTORS).map(([mode, factor]) => [mode, toYuan(annual * factor)]),
  ) as Record<PaymentMode, number>;
  const monthlyPerPerson = toYuan(annualPerPerson(lines) * size.factor * MODAL_FACTORS.monthly);
  return { kind: 'quoted', headcount, sizeFactor: size.factor, premiums, monthlyPerPerson };
}

/** NT$ per person per year of some lines, unrounded. */
export function annualPerPerson(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + (line.sumInsured / line.rateUnit) * line.rate, 0);
}

/**
 * Rounds half up to the whole NT$. The value is first cut to 6 decimals, so binary noise such as
 * 21754.999999999996 for 22,900 × 0.95 counts as the 21,755 it is.
 */
export function toYuan(amount: number): number {
  return Math.round(withoutNoise(amount));
}

function withoutNoise(amount: number): number {
  return Math.round(amount * 1e6) / 1e6;
}

/** Sum insured of a salary-multiple line: monthly salary × multiple, at most the cap. */
export function salaryMultipleAmount(salary: number, multiple: number, cap: number | null): number {
  const amount = salary * multiple;
  return cap === null ? amount : Math.min(amount, cap);
}

/** A package line as the from-price needs it: a flat amount, or a salary multiple and its cap. */
export interface FromPriceLine extends RatedProduct {
  amount: number | null;
  salaryMultiple: number | null;
  amountCap: number | null;
}

/**
 * 「每人每月 NT$x 起」 of a package: the cheapest honest case, i.e. the youngest age band, occupation
 * class 1, the 10–49 group-size factor and the monthly mode; salary-multiple lines at the lowest
 * labor-insurance grade in force on `day` (29,500 from 2026-01-01). Rounded up to the whole NT$, so the
 * advertised floor is never below what the cheapest group really pays.
 */
export function fromMonthlyPerPerson(lines: readonly FromPriceLine[], day?: IsoDate): number {
  const lowestSalary = laborSalaryTable(day).grades[0]!;
  const annual = annualPerPerson(
    lines.map((line) => ({
      sumInsured:
        line.salaryMultiple === null
          ? (line.amount ?? 0)
          : salaryMultipleAmount(lowestSalary, line.salaryMultiple, line.amountCap),
      rateUnit: line.rateUnit,
      rate: cheapestRate(line),
    })),
  );
  return Math.ceil(withoutNoise(annual * SIZE_FACTORS.from10 * MODAL_FACTORS.monthly));
}

/** The rate of the youngest age band, or of occupation class 1; a product without one is a data error. */
function cheapestRate(product: RatedProduct): number {
  const rate =
    product.rateDriver === 'class'
      ? rateFor(product, { age: 0, occupationClass: 1 })
      : product.rates
          .filter((r) => r.ageMin !== null)
          .reduce<RateBand | undefined>(
            (best, r) => (!best || r.ageMin! < best.ageMin! ? r : best),
            undefined,
          )?.rate;
  if (rate === undefined) throw new RangeError('a priced product has no rate band');
  return rate;
}
