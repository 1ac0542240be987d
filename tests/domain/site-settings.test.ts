import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';

describe('default site settings: docs/specification.md §9 and the salary limits of this deployment', () => {
  it('are the constants the server seeds and the client falls back to', () => {
    expect(DEFAULT_SITE_SETTINGS).toEqual({
      cartMaxItems: 5,
      sessionRemindSeconds: 1440,
      sessionEndSeconds: 1740,
      insuranceDateWindow: { minDays: 14, maxDays: 60 },
      // 20萬 a month per person; NT$200,000 average; 49 people × NT$45,800 (the top 2026 grade)
      salaryLimits: { maxMonthlySalaryWan: 20, averageMonthlySalary: 200_000, laborSalarySum: 49 * 45_800 },
      announcement: null,
    });
  });
});
