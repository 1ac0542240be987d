import { describe, expect, it } from 'vitest';
import { array, string, ValidationError } from 'yup';
import '../../../src/domain/validation/locale';

// yup's own list checks speak the site's words (docs/specification.md §5 style), naming the field, never English.
async function message(schema: { validate(value: unknown): Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('the yup locale: lists', () => {
  const list = array().of(string()).label('保障項目').min(1).max(3);
  it.each([
    [[], '保障項目不可為空白'],
    [['a', 'b', 'c', 'd'], '保障項目最多3項'],
    [['a'], null],
  ])('%j → %s', async (value, expected) => {
    expect(await message(list, value)).toBe(expected);
  });
});
