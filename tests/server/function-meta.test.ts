import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TITLE_FUNC_ID, SCREENS, SITE_NAME } from '../../src/domain/screens';
import { seed } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/server';

const URL = '/ODGAWeb/api/functionMeta/queryAllMeta';

describe('GET functionMeta/queryAllMeta', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists a Traditional Chinese title for every screen and the site default', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?meta_attr=title` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ returnCode: number; data: { func_id: string; meta_value: string }[] }>();
    expect(body.returnCode).toBe(0);
    const titles = new Map(body.data.map((entry) => [entry.func_id, entry.meta_value]));
    expect(titles.size).toBe(SCREENS.length + 1);
    expect(titles.get(DEFAULT_TITLE_FUNC_ID)).toBe(SITE_NAME);
    for (const screen of SCREENS) expect(titles.get(screen.id)).toBe(`${screen.heading}｜${SITE_NAME}`);
    expect(titles.get('ODGAF010')).toBe('團體保險方案｜團體保險網路服務');
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(['func_id', 'meta_value']);
  });

  it('seeds idempotently: a second run leaves one row per title', async () => {
    await seed(t.db);
    const rows = await t.db
      .selectFrom('function_meta')
      .select('func_id')
      .where('meta_attr', '=', 'title')
      .execute();
    expect(rows).toHaveLength(SCREENS.length + 1);
  });

  it('rejects a missing meta_attr with 400 and a message naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '請選擇查詢屬性' });
  });

  it('rejects an unknown meta_attr with 400 and a message naming the field', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${URL}?meta_attr=keywords` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      returnCode: 400,
      data: null,
      msg: '請選擇查詢屬性',
    });
  });
});
