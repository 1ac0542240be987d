import { describe, expect, it } from 'vitest';
import { isLaborSalaryGrade, LABOR_SALARY_TABLES, laborSalaryTable } from '../../src/domain/labor-salary';

const GRADES_2026 = [29_500, 30_300, 31_800, 33_300, 34_800, 36_300, 38_200, 40_100, 42_000, 43_900, 45_800];

describe('勞保投保薪資分級表', () => {
  it('the 2026 table takes effect on 2026-01-01 with 11 grades', () => {
    expect(laborSalaryTable('2026-01-01')).toEqual({ effectiveFrom: '2026-01-01', grades: GRADES_2026 });
    expect(laborSalaryTable()).toBe(laborSalaryTable('2026-06-30'));
  });

  it('the 2025 table is in force until 2025-12-31', () => {
    expect(laborSalaryTable('2025-12-31').grades).toHaveLength(12);
    expect(isLaborSalaryGrade(28_590, '2025-12-31')).toBe(true);
    expect(isLaborSalaryGrade(28_590, '2026-01-01')).toBe(false);
  });

  it('knows no table before the first one', () => {
    expect(() => laborSalaryTable('2024-12-31')).toThrow(
      new RangeError('no labor-insurance salary table in force on 2024-12-31'),
    );
  });

  it('tables are in effective_from order, grades ascending', () => {
    const dates = LABOR_SALARY_TABLES.map((t) => t.effectiveFrom);
    expect([...dates].sort()).toEqual(dates);
    for (const t of LABOR_SALARY_TABLES) expect([...t.grades].sort((a, b) => a - b)).toEqual(t.grades);
  });

  it.each(GRADES_2026)('%i is a 2026 grade', (amount) => {
    expect(isLaborSalaryGrade(amount, '2026-01-01')).toBe(true);
  });

  it.each([29_501, 29_499, 28_800, 45_801, 72_800, 0])('%i is not a 2026 grade', (amount) => {
    expect(isLaborSalaryGrade(amount, '2026-01-01')).toBe(false);
  });
});
