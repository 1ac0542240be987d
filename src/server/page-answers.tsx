import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  defaultParseSearch,
  RouterContextProvider,
} from '@tanstack/react-router';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ValidationError } from 'yup';
import { queryPackageSchema } from '../domain/api/catalogue';
import { articlesQuerySchema } from '../domain/api/content';
import { parseInput } from '../domain/api/parse-input';
import { BASE_PATH } from '../domain/screens';
import { loadPackage } from '../features/catalogue/package-api';
import { PackageIntroView } from '../features/catalogue/package-intro-view';
import { ArticleList } from '../features/content/article-list';
import { loadArticles } from '../features/content/content-api';
import { PAGE_ANSWERS_ID } from '../lib/page-answers';
import { articlesSearch, packageSearch } from '../lib/search-params';
import { listPackages } from './db/repositories/catalogue';
import { listArticles } from './db/repositories/content';
import type { Database } from './db/schema';
import { APP_MODULES_START, screenPathKey } from './page-preloads';

/** A screen's first read, answered on the server. */
interface PageAnswer {
  /** the address the screen's first render reads (its apiRead's urlOf) */
  url: string;
  data: unknown;
  /** what the screen shows after its lead with that answer */
  content: ReactElement;
}

type FirstRead = (db: Kysely<Database>, search: Record<string, unknown>) => Promise<PageAnswer | undefined>;

/**
 * The screens whose largest text comes from one public read, by path in lower case: a package's page and the
 * article list. The search is read as the client's router reads it, so the address is the one the app asks.
 */
const FIRST_READS: Record<string, FirstRead> = {
  '/product/intropackage': async (db, search) => {
    const { PACK_ID } = packageSearch(search);
    if (!PACK_ID) return undefined;
    const query = await parseInput(queryPackageSchema, { PACK_ID });
    const [pack] = await listPackages(db, query.PACK_ID);
    if (!pack) return undefined;
    return {
      url: loadPackage.urlOf(PACK_ID),
      data: pack,
      // the button does nothing until the app has taken the page over (src/root-layout.tsx)
      content: <PackageIntroView pack={pack} busy={false} onAdd={() => undefined} />,
    };
  },
  // without a page in the address, the first: the page a tab kept is the app's to know
  '/featured/article': async (db, search) => {
    const page = String(articlesSearch(search).page ?? 1);
    const query = await parseInput(articlesQuerySchema, { page });
    const data = await listArticles(db, query.page, query.pageSize);
    return {
      url: loadArticles.urlOf(page),
      data,
      content: <ArticleList data={data} asked={query.page} shown={{ current: null }} />,
    };
  },
};

/** Where a screen's content goes in its prerendered shell: after its lead, the end of ScreenPage in main. */
const SCREEN_END = '</article></main>';

/**
 * The page of a screen whose first read the server can answer: its content rendered after the lead, so the
 * first paint has it, and the answer in the page's data block, so the app's first render shows the same
 * without a call (src/lib/page-answers.ts). An address the API would refuse or not find, or a read that
 * fails, leaves the page as it is: the app then reads as it always does.
 */
export async function withPageAnswer(
  page: string,
  db: Kysely<Database>,
  sitePath: string,
  search: string,
  log: FastifyBaseLogger,
): Promise<string> {
  const firstRead = FIRST_READS[screenPathKey(sitePath)];
  if (!firstRead || !page.includes(SCREEN_END)) return page;
  let answer: PageAnswer | undefined;
  try {
    answer = await firstRead(db, defaultParseSearch(search));
  } catch (error) {
    if (!(error instanceof ValidationError))
      log.warn({ err: error }, 'a page was sent without its first read');
    return page;
  }
  if (!answer) return page;
  const content = renderToStaticMarkup(
    <RouterContextProvider router={linkRouter()}>{answer.content}</RouterContextProvider>,
  );
  // in a data block, `<` could end the script element early: as \u003c it is the same JSON
  const answers = JSON.stringify({ [answer.url]: answer.data }).replace(/</g, '\\u003c');
  // replaced by functions: a `$&` in an article would be a replacement pattern in a string
  return page
    .replace(SCREEN_END, () => `${content}${SCREEN_END}`)
    .replace(
      APP_MODULES_START,
      () => `<script type="application/json" id="${PAGE_ANSWERS_ID}">${answers}</script>${APP_MODULES_START}`,
    );
}

let router: AnyRouter | undefined;

/** A router for the content's links, which only need the site's base path to write their addresses. */
function linkRouter(): AnyRouter {
  router ??= createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory(),
    basepath: BASE_PATH,
  });
  return router;
}
