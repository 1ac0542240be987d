import type { AnyObjectSchema, InferType, Schema } from 'yup';

/*
 * A route's address read through a yup schema (the kind the server checks its queries with), and the staff's
 * addresses kept as plain text, as the server's querystring has them: `?path=2&visitor=0123…` stays so, with
 * no JSON quoting of a value that looks like a number.
 */

/**
 * A route's `validateSearch` from a yup object schema: each field as the schema casts it ('2' → 2) when it is
 * valid, left out when it is absent, empty or not valid, so an old or hand-edited link opens what it can.
 */
export function yupSearch<S extends AnyObjectSchema>(schema: S) {
  const fields = Object.entries(schema.fields) as Array<[string, Schema]>;
  return (search: Record<string, unknown>): Partial<InferType<S>> => {
    const read: Record<string, unknown> = {};
    for (const [key, field] of fields) {
      const value = search[key];
      if (value === undefined || value === null || value === '') continue;
      try {
        read[key] = field.validateSync(value);
      } catch {
        // not valid: as if the link had not said it
      }
    }
    return read as Partial<InferType<S>>;
  };
}

/** The router's `parseSearch`: each key's text as written. */
export const parsePlainSearch = (searchStr: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(searchStr));

/** The router's `stringifySearch`: each value as text, empty ones left out. */
export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}
