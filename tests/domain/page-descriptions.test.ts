import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS } from '../../src/domain/page-descriptions';

describe('the visitor pages’ descriptions', () => {
  const entries = Object.entries(PAGE_DESCRIPTIONS);

  it('are sentences of Traditional Chinese long enough for a search result, and short enough to show whole', () => {
    for (const [screen, description] of entries) {
      // search engines show about 80 Chinese characters; under 15 says nothing a title does not
      expect([screen, description.length >= 15 && description.length <= 80]).toEqual([screen, true]);
      expect(description).toMatch(/。$/);
      expect(description).not.toMatch(/台/);
    }
  });

  it('tell each page from the others', () => {
    expect(new Set(entries.map(([, description]) => description)).size).toBe(entries.length);
  });

  it('name what the page is for', () => {
    expect(PAGE_DESCRIPTIONS.ODGAF060).toContain('進度');
    expect(PAGE_DESCRIPTIONS.ODGAF050).toContain('列印');
    expect(PAGE_DESCRIPTIONS.ODGAF070).toContain('試算');
    expect(PAGE_DESCRIPTIONS.ODGAF080).toContain('留言');
    expect(PAGE_DESCRIPTIONS.ODGAF094).toContain('問題');
  });
});
