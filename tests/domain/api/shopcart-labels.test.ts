import { describe, expect, it } from 'vitest';
import { findApplicationSchema, planSchema, submitApplicationSchema } from '../../../src/domain/api/shopcart';
import { firstError } from '../validation/first-error';

/*
 * The application's STEP1 plan and its submit name each field they refuse, in docs/specification.md §5's
 * words (X不可為空白, X必須為數字, X格式錯誤).
 */

const context = { today: '2026-11-23', ages: [15, 65] as const, needsSalary: false };
const PLAN = { headcount: 5, occupationClass: '1', averageAge: 30 };

describe('the plan and the submit name what they refuse', () => {
  it('names 平均年齡 and 平均月薪', () => {
    expect(firstError(planSchema.pick(['averageAge']), { averageAge: '' }, context)).toBe(
      '平均年齡不可為空白',
    );
    expect(firstError(planSchema.pick(['averageSalary']), { averageSalary: 'x' }, context)).toBe(
      '平均月薪必須為數字',
    );
    expect(
      firstError(
        planSchema.pick(['averageSalary']),
        { averageSalary: '' },
        { ...context, needsSalary: true },
      ),
    ).toBe('平均月薪不可為空白');
    expect(
      firstError(planSchema.pick(['headcount', 'occupationClass', 'averageAge']), PLAN, context),
    ).toBeNull();
  });

  it('names the request, the plan and the applicant', () => {
    expect(firstError(findApplicationSchema, {})).toBe('申請識別碼不可為空白');
    expect(firstError(findApplicationSchema, { requestId: 'x' })).toBe('申請識別碼格式錯誤');
    const pick = submitApplicationSchema.pick(['plan', 'applicant']);
    expect(firstError(pick.pick(['plan']), { plan: null })).toBe('投保內容不可為空白');
    expect(firstError(pick.pick(['applicant']), { applicant: null })).toBe('要保單位資料不可為空白');
  });
});
