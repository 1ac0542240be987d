import { describe, expect, it } from 'vitest';
import { array, number, string, ValidationError } from 'yup';
import '../../../src/domain/validation/locale';

// yup's own list and number checks speak the site's words (docs/specification.md §5 style), naming the field, never English.
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

describe('the yup locale: numbers', () => {
  const version = number().label('版本').required().integer().min(1).max(9);
  it.each([
    [0, '版本格式錯誤'],
    [10, '版本格式錯誤'],
    [1.5, '版本必須為整數'],
    [1, null],
  ])('%j → %s', async (value, expected) => {
    expect(await message(version, value)).toBe(expected);
  });

  it.each([
    ['moreThan', number().label('版本').moreThan(1), 1],
    ['lessThan', number().label('版本').lessThan(1), 1],
    ['positive', number().label('版本').positive(), 0],
    ['negative', number().label('版本').negative(), 0],
  ])('%s', async (_, schema, value) => {
    expect(await message(schema, value)).toBe('版本格式錯誤');
  });
});
