import type { IsoDate } from './roc-date';

/** One 勞工保險投保薪資分級表 and the day it takes effect. */
export interface LaborSalaryTable {
  effectiveFrom: IsoDate;
  /** the insured salaries (月投保薪資, NT$) of the full-time grades, ascending */
  grades: readonly number[];
}

/**
 * The tables in force, oldest first (docs/domain.md §3). Add next January's table at the end; part-time grades
 * below grade 1 are left out until checked against the BLI page.
 */
export const LABOR_SALARY_TABLES: readonly LaborSalaryTable[] = [
  {
    // 勞動保2字第1130087589號令
    effectiveFrom: '2025-01-01',
    grades: [28_590, 28_800, 30_300, 31_800, 33_300, 34_800, 36_300, 38_200, 40_100, 42_000, 43_900, 45_800],
  },
  {
    // 勞動保2字第1140091863號令
    effectiveFrom: '2026-01-01',
    grades: [29_500, 30_300, 31_800, 33_300, 34_800, 36_300, 38_200, 40_100, 42_000, 43_900, 45_800],
  },
];

/** The table in force on `day` (ISO date); the newest table when `day` is omitted. */
export function laborSalaryTable(day?: IsoDate): LaborSalaryTable {
  const inForce = LABOR_SALARY_TABLES.filter((t) => day === undefined || t.effectiveFrom <= day);
  const table = inForce[inForce.length - 1];
  if (!table) throw new RangeError(`no labor-insurance salary table in force on ${day}`);
  return table;
}

/** Whether `amount` is one of the insured salaries of the table in force on `day`. */
export function isLaborSalaryGrade(amount: number, day?: IsoDate): boolean {
  return laborSalaryTable(day).grades.includes(amount);
}
