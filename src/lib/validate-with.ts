import { getIn, setIn } from 'formik';
import type { AnyObjectSchema, ValidationError } from 'yup';

/**
 * Formik's validate for a shared schema whose rules read the validation context (today, the chosen
 * products' ages and salaries): Formik's own validationSchema cannot pass a context. Errors are shaped as
 * the values (`ageBands.age30` under `ageBands`); a field's first message wins, and a group's own message
 * (e.g. bands that do not add up) only shows when none of its fields has one.
 */
export function validateWith(schema: AnyObjectSchema, context: object) {
  return (values: unknown): Promise<Record<string, unknown>> =>
    schema.validate(values, { context, abortEarly: false }).then(
      () => ({}),
      (error: ValidationError) => {
        let errors: Record<string, unknown> = {};
        const inner = [...error.inner].sort((a, b) => depth(b.path) - depth(a.path));
        for (const e of inner) {
          const path = e.path ?? '';
          if (getIn(errors, path) === undefined && !hasMessageAbove(errors, path))
            errors = setIn(errors, path, e.message);
        }
        return errors;
      },
    );
}

const depth = (path: string | undefined) => (path ?? '').split('.').length;

function hasMessageAbove(errors: Record<string, unknown>, path: string): boolean {
  const parts = path.split('.');
  return parts
    .slice(0, -1)
    .some((_, i) => typeof getIn(errors, parts.slice(0, i + 1).join('.')) === 'string');
}
