import { SALARY_UNIT } from '../constants';
import { isLaborSalaryGrade } from '../labor-salary';
import { messages } from '../messages';
import { type DayInput, taipeiDate } from '../roc-date';
import { isBlank, labelOf, type Param, type Rule, toNumber } from './params';

// Rules on amounts pass what is not a number: the decimal rule (or `amount()`'s type check) reports it.
function skip(value: unknown): boolean {
  return isBlank(value) || Number.isNaN(toNumber(value));
}

/** docs/specification.md §5 zero: 「X不可為0」. */
export function notZero(): Rule {
  return {
    name: 'notZero',
    message: (p) => messages.zero(labelOf(p)),
    test: (value) => skip(value) || toNumber(value) !== 0,
  };
}

/** docs/specification.md §5 labor sum salary: the value is in 萬; 10000 × value must not exceed `limit` (NT$). */
export function laborSumSalary(limit: Param<number>): Rule {
  return {
    name: 'laborSumSalary',
    params: { limit },
    message: (p) => messages.laborSumSalary(labelOf(p), Number(p.limit)),
    test(value) {
      return skip(value) || SALARY_UNIT * toNumber(value) <= Number(this.resolve(limit));
    },
  };
}

/**
 * docs/specification.md §5 total monthly salary: while `checking` is true, 10000 × value (萬) ÷ `people` must not exceed
 * `limit` (NT$ per person); 「員工月薪總額超過上限」. Skipped until `people` is a positive number.
 */
export function totalMonthlySalary(options: {
  checking: Param<boolean>;
  people: Param<number>;
  limit: Param<number>;
}): Rule {
  return {
    name: 'totalMonthlySalary',
    message: messages.totalMonthlySalary,
    test(value) {
      const people = toNumber(this.resolve(options.people));
      if (skip(value) || this.resolve(options.checking) !== true || !(people > 0)) return true;
      return (SALARY_UNIT * toNumber(value)) / people <= Number(this.resolve(options.limit));
    },
  };
}

/** docs/specification.md §5 max monthly salary: while `checking` is true, the value must not exceed `limit` (both in 萬). */
export function maxMonthlySalary(options: { checking: Param<boolean>; limit: Param<number> }): Rule {
  return {
    name: 'maxMonthlySalary',
    params: { limit: options.limit },
    message: (p) => messages.maxMonthlySalary(Number(p.limit)),
    test(value) {
      if (skip(value) || this.resolve(options.checking) !== true) return true;
      return toNumber(value) <= Number(this.resolve(options.limit));
    },
  };
}

/**
 * docs/specification.md §5 labor-insurance salary: the amount (NT$) must be a grade of the 投保薪資分級表 in force on
 * `on` (default: `$today` from the validation context, else the newest table);
 * 「勞保投保薪資非級距金額」.
 */
export function laborInsuranceSalary(options: { on?: Param<DayInput | undefined> } = {}): Rule {
  return {
    name: 'laborInsuranceSalary',
    message: messages.laborInsuranceSalary,
    test(value) {
      if (skip(value)) return true;
      const on = this.resolve(options.on) ?? this.options.context?.today;
      return isLaborSalaryGrade(toNumber(value), on === undefined ? undefined : taipeiDate(on));
    },
  };
}

/** A whole-range bound, both ends included: 「X須介於min至max之間」. */
export function between(min: number, max: number): Rule {
  return {
    name: 'between',
    message: (p) => messages.between(labelOf(p), min, max),
    test: (value) => skip(value) || (toNumber(value) >= min && toNumber(value) <= max),
  };
}
