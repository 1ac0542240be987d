import { describe, expect, it } from 'vitest';
import { array, mixed, object, ValidationError } from 'yup';
import { parseInput } from '../../../src/domain/api/parse-input';
import { amount, choice, text } from '../../../src/domain/validation/fields';

const lineSchema = object({ PROD_ID: text('商品代號').required(), FACE_AMT: amount('保額').required() });
const schema = object({
  title: text('方案名稱').required(),
  device: choice('裝置類型').oneOf(['Mobile', 'Desktop']),
  lines: array().label('保障項目').of(lineSchema).min(1).max(3),
  tags: array().label('標籤'),
  free: mixed().label('查詢參數'),
});

async function refusal(input: unknown): Promise<string> {
  try {
    await parseInput(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseInput: only own, known keys, shaped as the schema says, reach yup', () => {
  it('keeps the known keys and drops the others, at every level', async () => {
    const input = JSON.parse(
      '{"title":"甲","toString":"x","constructor":{"a":1},"lines":[{"PROD_ID":"P1","FACE_AMT":1,"valueOf":2}]}',
    );
    expect(await parseInput(schema, input)).toEqual({ title: '甲', lines: [{ PROD_ID: 'P1', FACE_AMT: 1 }] });
  });

  it('ignores keys a prototype lends', async () => {
    const inherited = Object.create({ title: '繼承' }) as object;
    expect(await refusal(inherited)).toBe('方案名稱不可為空白');
  });

  it('reads a query object without a prototype', async () => {
    const query = Object.assign(Object.create(null) as object, { title: '甲', hasOwnProperty: '1' });
    expect(await parseInput(schema, query)).toEqual({ title: '甲' });
  });

  it.each([
    ['an object for a text field', { title: { toString: 'x' } }, '方案名稱格式錯誤'],
    ['a list for a text field', { title: ['a', 'b'] }, '方案名稱格式錯誤'],
    ['an object for a choice', { title: '甲', device: { valueOf: 1 } }, '裝置類型格式錯誤'],
    [
      'an object for a number',
      { title: '甲', lines: [{ PROD_ID: 'P1', FACE_AMT: { valueOf: 1 } }] },
      '保額格式錯誤',
    ],
    ['a text for a list', { title: '甲', lines: 'ǂ'.repeat(50) }, '保障項目格式錯誤'],
    ['a text for a line', { title: '甲', lines: ['ǂ'] }, '保障項目格式錯誤'],
    ['more lines than the list holds', { title: '甲', lines: Array(4000).fill({}) }, '保障項目最多3項'],
  ])('refuses %s, naming the field', async (_, input, message) => {
    expect(await refusal(input)).toBe(message);
  });

  it('refuses a list over its length before looking at its items, and takes one at its length', async () => {
    expect(await refusal({ title: '甲', lines: ['ǂ', 'ǂ', 'ǂ', 'ǂ'] })).toBe('保障項目最多3項');
    const line = { PROD_ID: 'P1', FACE_AMT: 1 };
    expect(await parseInput(schema, { title: '甲', lines: [line, line, line] })).toEqual({
      title: '甲',
      lines: [line, line, line],
    });
  });

  it('passes a list with no item schema and no length limit on as a copy', async () => {
    const tags = ['a', 'b', 'c', 'd', 'e'];
    const parsed = await parseInput(schema, { title: '甲', tags });
    expect(parsed.tags).toEqual(tags);
    expect(parsed.tags).not.toBe(tags);
  });

  it('leaves null and undefined to the schema: required says so, an absent optional passes', async () => {
    expect(await refusal({ title: null })).toBe('方案名稱不可為空白');
    expect(await refusal({ title: undefined })).toBe('方案名稱不可為空白');
    expect(await parseInput(schema, { title: '甲', lines: undefined, device: undefined })).toEqual({
      title: '甲',
    });
  });

  it('refuses arrays nested thousands deep without walking them', async () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(await refusal({ title: deep })).toBe('方案名稱格式錯誤');
    expect(await refusal({ title: '甲', lines: deep })).toBe('保障項目格式錯誤');
  });

  it.each([null, [], 'ǂ', 3, true])('refuses %j for the whole input', async (input) => {
    expect(await refusal(input)).toBe('資料格式錯誤');
  });

  it('passes a free-form value on as its own entries only', async () => {
    const free = JSON.parse('{"a":"1","toString":"2"}');
    expect(await parseInput(schema, { title: '甲', free })).toEqual({
      title: '甲',
      free: { a: '1', toString: '2' },
    });
  });
});
