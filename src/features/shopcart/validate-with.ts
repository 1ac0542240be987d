import type { AnyObjectSchema, ValidationError } from 'yup';

/**
 * Formik's validate for a shared schema whose rules read the validation context (today, the cart's ages
 * and salaries): Formik's own validationSchema cannot pass a context. Errors by field path.
 */
export function validateWith(schema: AnyObjectSchema, context: object) {
  return (values: unknown): Promise<Record<string, string>> =>
    schema.validate(values, { context, abortEarly: false }).then(
      () => ({}),
      (error: ValidationError) =>
        Object.fromEntries([...error.inner].reverse().map((e) => [e.path ?? '', e.message])),
    );
}
