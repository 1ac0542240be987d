import { describe, expect, it } from 'vitest';
import {
  BASE_PATH,
  DEFAULT_TITLE_FUNC_ID,
  headingOf,
  SCREENS,
  type ScreenId,
  SITE_NAME,
} from '../../src/domain/screens';

describe('screens (docs/specification.md §2, §3)', () => {
  it('live under /groupins/', () => {
    expect(BASE_PATH).toBe('/groupins/');
  });

  it('take the default page title from func_id groupins_index', () => {
    expect(DEFAULT_TITLE_FUNC_ID).toBe('groupins_index');
  });

  it('name the site in Traditional Chinese', () => {
    expect(SITE_NAME).toMatch(/^[\u4e00-\u9fff]+$/);
  });

  it('give each screen its own heading by id', () => {
    for (const screen of SCREENS) expect(headingOf(screen.id)).toBe(screen.heading);
  });

  it('refuse an id that is no screen', () => {
    expect(() => headingOf('ODGAF999' as ScreenId)).toThrow('unknown screen ODGAF999');
  });
});
