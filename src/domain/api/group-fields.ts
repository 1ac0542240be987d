import type { AnyObject, TestContext } from 'yup';
import { SALARY_LIMITS, SALARY_UNIT } from '../constants';
import { messages } from '../messages';
import { amount } from '../validation/fields';
import { between } from '../validation/number-rules';
import { numeric } from '../validation/text-rules';

/*
 * Fields that describe an insured group, shared by the shopcart's plan and the tryout's group. The join
 * ages every chosen product accepts come in the validation context as `$ages` ([youngest, oldest]).
 */

/** A whole number typed as text. */
export const whole = (label: string) => amount(label).test(numeric());

function agesOf(ctx: TestContext<AnyObject>): readonly [number, number] | undefined {
  return (ctx.options.context as { ages?: readonly [number, number] } | undefined)?.ages;
}

/** An age within the products' join ages: 「被保險人年齡須介於A至B歲」 (docs/specification.md §5 age range). */
export const insuredAge = (label: string) =>
  whole(label)
    .required()
    .test({
      name: 'cartAges',
      test(value) {
        const ages = agesOf(this);
        if (value === undefined || !ages) return true;
        return value >= ages[0] && value <= ages[1]
          ? true
          : this.createError({ message: messages.ageRange(ages[0], ages[1]) });
      },
    });

/** A monthly salary in NT$, at most the monthly salary limit (docs/specification.md §5 max monthly salary, in 萬). */
export const monthlySalary = (label: string) =>
  whole(label)
    .required()
    .test(between(1, SALARY_LIMITS.maxMonthlySalaryWan * SALARY_UNIT));
