import type { Insertable } from 'kysely';
import type { PremiumRatesTable } from '../schema';

type Rate = Insertable<PremiumRatesTable>;

/** [age from, age to, NT$] per band of an age-rated product */
function byAge(prodId: string, bands: readonly [number, number, number][]): Rate[] {
  return bands.map(([age_min, age_max, rate]) => ({ prod_id: prodId, age_min, age_max, rate }));
}

/** NT$ of occupation classes 1 to 6 */
function byClass(prodId: string, rates: readonly number[]): Rate[] {
  return rates.map((rate, i) => ({ prod_id: prodId, occupation_class: i + 1, rate }));
}

/** The rate tables of docs/domain.md §2.3: NT$ per rate unit of the product (per 萬; GHD per NT$100 of 日額) per year. */
export const PREMIUM_RATES: Rate[] = [
  ...byAge('GTL', [
    [15, 24, 8],
    [25, 29, 9],
    [30, 34, 11],
    [35, 39, 14],
    [40, 44, 20],
    [45, 49, 29],
    [50, 54, 43],
    [55, 59, 64],
    [60, 64, 95],
    [65, 70, 140],
  ]),
  ...byClass('GAD', [8, 10, 12, 16, 24, 32]),
  ...byClass('GAM', [80, 100, 120, 160, 240, 320]),
  ...byAge('GHR', [
    [15, 19, 81],
    [20, 24, 123],
    [25, 29, 173],
    [30, 34, 220],
    [35, 39, 244],
    [40, 44, 263],
    [45, 49, 281],
    [50, 54, 306],
    [55, 59, 342],
    [60, 64, 444],
    [65, 69, 586],
    [70, 74, 785],
  ]),
  ...byAge('GHD', [
    [15, 29, 45],
    [30, 39, 55],
    [40, 49, 70],
    [50, 59, 95],
    [60, 70, 140],
  ]),
  ...byAge('GCI', [
    [15, 29, 6],
    [30, 39, 12],
    [40, 49, 28],
    [50, 59, 60],
    [60, 70, 110],
  ]),
  ...byAge('GCA', [
    [15, 29, 4],
    [30, 39, 8],
    [40, 49, 18],
    [50, 59, 38],
    [60, 70, 70],
  ]),
  ...byClass('GOI', [3, 3.75, 4.5, 6, 9, 12]),
];
