import type { AnyMessageParams, AnyObject, Reference, TestConfig } from 'yup';

/** A rule ready for `schema.test(rule)`; empty values pass (`.required()` reports them). */
export type Rule = TestConfig<unknown, AnyObject>;

/** A rule option given as a value, or as a yup reference to a sibling field or to `$context`. */
export type Param<T> = T | Reference<T>;

/** The field's label as set by the field builders, else its path. */
export function labelOf(params: Pick<AnyMessageParams, 'label' | 'originalPath' | 'path'>): string {
  return params.label || params.originalPath || params.path;
}

/** Empty values are left to `.required()`; every other rule passes them. */
export function isBlank(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** A number from a number or a numeric string; NaN otherwise (the decimal rule reports that). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}
