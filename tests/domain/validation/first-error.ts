import { type AnySchema, ValidationError } from 'yup';

/** The message a schema gives for `value` (null when it passes), as Formik would show it. */
export function firstError(schema: AnySchema, value: unknown, context?: object): string | null {
  try {
    schema.validateSync(value, { context });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}
