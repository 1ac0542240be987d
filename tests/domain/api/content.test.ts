import { describe, expect, it } from 'vitest';
import { articleQuerySchema, articlesQuerySchema } from '../../../src/domain/api/content';
import { firstError } from '../validation/first-error';

describe('the article list’s query', () => {
  it('starts at page 1 of 6 articles', () => {
    expect(articlesQuerySchema.validateSync({})).toEqual({ page: 1, pageSize: 6 });
    expect(articlesQuerySchema.validateSync({ page: '', pageSize: '' })).toEqual({ page: 1, pageSize: 6 });
    expect(articlesQuerySchema.validateSync({ page: '3', pageSize: '50' })).toEqual({
      page: 3,
      pageSize: 50,
    });
  });

  it('takes whole pages from 1 to 10000, and 1 to 50 articles a page', () => {
    expect(firstError(articlesQuerySchema, { page: '0' })).toBe('頁碼不可小於1');
    expect(firstError(articlesQuerySchema, { page: '10001' })).toBe('頁碼不可大於10000');
    expect(firstError(articlesQuerySchema, { page: '10000' })).toBeNull();
    expect(firstError(articlesQuerySchema, { page: '1.5' })).toBe('頁碼必須為整數');
    expect(firstError(articlesQuerySchema, { page: 'two' })).toBe('頁碼必須為整數');
    expect(firstError(articlesQuerySchema, { pageSize: '0' })).toBe('每頁筆數不可小於1');
    expect(firstError(articlesQuerySchema, { pageSize: '51' })).toBe('每頁筆數不可大於50');
  });
});

describe('an article’s query', () => {
  it('takes an id of lower-case words joined by hyphens, at most 64', () => {
    expect(firstError(articleQuerySchema, { id: 'group-insurance-101' })).toBeNull();
    expect(firstError(articleQuerySchema, { id: '' })).toBe('文章代碼不可為空白');
    expect(firstError(articleQuerySchema, { id: `a${'-b'.repeat(32)}` })).toBe('文章代碼長度限制為64');
    for (const id of ['Group', '-lead', 'trail-', 'two--hyphens', 'a_b', 'a b', '../x'])
      expect(firstError(articleQuerySchema, { id })).toBe('文章代碼格式錯誤');
  });
});
