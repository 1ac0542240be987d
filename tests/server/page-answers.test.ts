import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { withPageAnswer } from '../../src/server/page-answers';
import { createTestApp, type TestApp } from '../support/server';

// A built page as the server holds it (src/server/page-preloads.ts): the app's modules in their template,
// and in the root the prerendered shell, whose screen (heading and lead) ends main.
const PAGE =
  '<!doctype html><html lang="zh-Hant-TW"><head><title>團體保險網路服務</title>' +
  '<template id="app-modules"><script type="module" src="/groupins/assets/index-1.js"></script></template>' +
  '</head><body><div id="root" aria-busy="true"><header>團體保險</header><main id="main" tabindex="-1">' +
  '<article class="screen"><h1 tabindex="-1">標題</h1><p class="lead">引言</p></article></main>' +
  '<footer>客戶服務</footer></div><script>loader</script></body></html>';

/** The page's data block, read as the browser reads it: the text up to the first `</script`. */
function answersIn(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="page-answers">([\s\S]*?)<\/script/i.exec(html);
  if (!match) throw new Error('the page has no data block');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}
/** What the root shows: main's screen, from its heading to its end. */
const screenOf = (html: string) => html.slice(html.indexOf('<h1'), html.indexOf('</main>'));

describe('pages sent with their first read answered', () => {
  let t: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'groupins-page-answers-'));
    await writeFile(join(staticDir, 'index.html'), PAGE);
    t = await createTestApp({ config: { staticDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(staticDir, { recursive: true, force: true });
  });
  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  };
  const api = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data as unknown;

  it("a package's page paints the package after the lead and carries the API's answer for the app", async () => {
    const html = await page('/groupins/product/Intropackage?PACK_ID=BASIC');
    const shown = screenOf(html);
    expect(shown.indexOf('引言')).toBeLessThan(shown.indexOf('<h2 id="package-name">基本型</h2>'));
    expect(shown).toContain('<caption>基本型保障內容</caption>');
    expect(shown).toContain('<th scope="row">團體一年定期壽險</th>');
    expect(shown).toContain('<a class="button" href="/groupins/tryout/STEP1?PACK_ID=BASIC">試算保費</a>');
    expect(shown).toContain('加入購物車</button>');
    const url = '/ODGAWeb/api/catalogue/queryPackage?PACK_ID=BASIC';
    expect(answersIn(html)).toEqual({ [url]: await api(url) });
    // the block comes before the app's modules are put into the page
    expect(html.indexOf('id="page-answers"')).toBeLessThan(html.indexOf('<template id="app-modules">'));
  });

  it('reads the address as the app does: any case of the path, a trailing slash, a number as text', async () => {
    const html = await page('/groupins/product/intropackage/?PACK_ID=BASIC');
    expect(Object.keys(answersIn(html))).toEqual(['/ODGAWeb/api/catalogue/queryPackage?PACK_ID=BASIC']);
    // TanStack reads 123 as a number and the screen asks for it as text: no such package, nothing added
    expect(await page('/groupins/product/Intropackage?PACK_ID=123')).toBe(PAGE);
  });

  it('leaves the page as built for a package the API would refuse or not find, and without one', async () => {
    for (const search of ['?PACK_ID=GOLD', '?PACK_ID=%3Cscript%3E', '?PACK_ID=', '', '?PACK_ID=%E0%A4%A']) {
      expect(await page(`/groupins/product/Intropackage${search}`)).toBe(PAGE);
    }
  });

  it("the article list paints the address's page, the first without one, and carries its answer", async () => {
    const first = await page('/groupins/featured/article');
    expect(screenOf(first)).toContain('第 1 頁，共 3 頁');
    expect(answersIn(first)).toEqual({
      '/ODGAWeb/api/content/articles?page=1': await api('/ODGAWeb/api/content/articles?page=1'),
    });
    const second = await page('/groupins/featured/article?page=2');
    expect(screenOf(second)).toContain('第 2 頁，共 3 頁');
    const { articles } = (await api('/ODGAWeb/api/content/articles?page=2')) as {
      articles: { title: string }[];
    };
    for (const { title } of articles) expect(screenOf(second)).toContain(title);
    expect(Object.keys(answersIn(second))).toEqual(['/ODGAWeb/api/content/articles?page=2']);
    // past the last: the last page, under the address the app asks
    const past = await page('/groupins/featured/article?page=9');
    expect(screenOf(past)).toContain('第 3 頁，共 3 頁');
    expect(Object.keys(answersIn(past))).toEqual(['/ODGAWeb/api/content/articles?page=9']);
  });

  it("keeps the database's text as text: no markup of its own, no early end of the block", async () => {
    const title = "</script><script>alert(1)</script> $& $' $` <!-- 標題";
    await t.db
      .insertInto('articles')
      .values({
        id: 'hostile-title',
        title,
        summary: '摘要 </SCRIPT> $1',
        category: '測試',
        published_at: '2099-01-01',
        read_minutes: 1,
        body: JSON.stringify([]),
      })
      .execute();
    try {
      const html = await page('/groupins/featured/article?page=1');
      expect(html.match(/<script/gi)).toHaveLength(3);
      const { articles } = answersIn(html)['/ODGAWeb/api/content/articles?page=1'] as {
        articles: { title: string; summary: string }[];
      };
      expect(articles[0]).toMatchObject({ title, summary: '摘要 </SCRIPT> $1' });
      expect(screenOf(html)).toContain(
        '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#x27; $` &lt;!-- 標題</a>',
      );
    } finally {
      await t.db.deleteFrom('articles').where('id', '=', 'hostile-title').execute();
    }
  });

  it('sends the page as built, with a warning, when the database does not answer', async () => {
    const down = new Proxy({} as Kysely<Database>, {
      get: () => () => {
        throw new Error('connection refused');
      },
    });
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    expect(await withPageAnswer(PAGE, down, '/featured/article', '', log)).toBe(PAGE);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('leaves other pages, and a page without a screen to put content in, as built', async () => {
    expect(await page('/groupins/shopcart/STEP2')).toBe(PAGE);
    const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
    const bare = PAGE.replace('</article></main>', '</main>');
    expect(await withPageAnswer(bare, t.db, '/featured/article', '', log)).toBe(bare);
  });
});
