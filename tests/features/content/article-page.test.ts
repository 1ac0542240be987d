import { afterEach, describe, expect, it } from 'vitest';
import { articlePage } from '../../../src/features/content/article-page';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

const storage = new MemoryStorage();
Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
afterEach(() => storage.clear());

describe('the article list’s page in the session state (docs/specification.md §3)', () => {
  it('is 1 until a page is kept, then the page kept', () => {
    expect(articlePage.get()).toBe(1);
    articlePage.set(3);
    expect(articlePage.get()).toBe(3);
  });

  it('is 1 for a kept value that is no page', () => {
    for (const value of ['0', '-2', '1.5', 'abc', '']) {
      storage.setItem('groupins.articlePage', value);
      expect(articlePage.get()).toBe(1);
    }
  });
});
