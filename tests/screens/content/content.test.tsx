import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_NAME } from '../../../src/domain/screens';
import { SEED_QUESTION_TOPICS } from '../../../src/server/db/seed-data/questions';
import { heldNetwork } from '../../support/held-network';
import type { FetchHandler } from '../../support/render-app';
import { openPage } from '../../support/visitor-page';
import { articleOf, articlesOfPage, contentServer, slowContentServer } from './content-server';

// 常見問題, 精選文章 and 文章內容 on the rendered app, over the seeded content as the endpoints answer it.

let close: (() => void) | undefined;
afterEach(() => {
  cleanup();
  close?.();
  close = undefined;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function open(path: string, server: FetchHandler = contentServer) {
  const network = heldNetwork([], server);
  const page = await openPage(path);
  close = () => {
    page.stop();
    network.close();
  };
  return page;
}

const allQuestions = SEED_QUESTION_TOPICS.flatMap((t) => t.questions);
const shownQuestions = () =>
  [...document.querySelectorAll('details.question summary')].map((s) => s.textContent);
const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('常見問題 (ODGAF094)', () => {
  it('shows every question under its topic, answers folded', async () => {
    await open('/question');
    await screen.findByRole('heading', { level: 2, name: SEED_QUESTION_TOPICS[0]!.label });
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(SEED_QUESTION_TOPICS.map((t) => t.label));
    expect(shownQuestions()).toEqual(allQuestions.map((q) => q.question));
    expect(document.querySelectorAll('details.question[open]')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(`共 ${allQuestions.length} 個問題`);
  });

  it('filters as one types, full-width and several words alike, and says how many match', async () => {
    await open('/question');
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: '搜尋常見問題' });
    await user.type(box, '眷屬');
    const withDependants = allQuestions.filter((q) => `${q.question}${q.answer}`.includes('眷屬'));
    expect(withDependants.length).toBeGreaterThan(0);
    expect(shownQuestions()).toEqual(withDependants.map((q) => q.question));
    expect(screen.getByRole('status')).toHaveTextContent(`找到 ${withDependants.length} 個符合的問題`);
    await user.clear(box);
    await user.type(box, '理賠　２年');
    expect(shownQuestions()).toEqual(
      allQuestions
        .filter(
          (q) => `${q.question}${q.answer}`.includes('理賠') && `${q.question}${q.answer}`.includes('2 年'),
        )
        .map((q) => q.question),
    );
    await user.clear(box);
    await user.type(box, '股票投資');
    expect(shownQuestions()).toEqual([]);
    expect(screen.getByText('找不到符合的問題，請換個關鍵字，或直接留言詢問。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '留言詢問' })).toHaveAttribute('href', '/groupins/contact');
  });

  it('does not filter on the keys of an input method until the word is committed', async () => {
    await open('/question');
    const box = await screen.findByRole('searchbox', { name: '搜尋常見問題' });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: 'ㄐㄩㄢˋ' } });
    expect(shownQuestions()).toHaveLength(allQuestions.length);
    fireEvent.change(box, { target: { value: '眷' } });
    fireEvent.compositionEnd(box);
    await waitFor(() => expect(shownQuestions().length).toBeLessThan(allQuestions.length));
  });

  it('opens the answer an address’s anchor names', async () => {
    const target = allQuestions[5]!;
    window.history.replaceState(null, '', `/groupins/question#${target.id}`);
    await open(`/question#${target.id}`);
    await screen.findByText(target.question);
    const opened = [...document.querySelectorAll('details.question[open]')];
    expect(opened.map((d) => d.id)).toEqual([target.id]);
    expect(within(opened[0] as HTMLElement).getByRole('link', { name: '本題連結' })).toHaveAttribute(
      'href',
      `#${target.id}`,
    );
  });
});

/** Another page of the list moves the focus to its heading, in the list's effect once the page is shown. */
const focusOnPageHeading = (page: number) =>
  waitFor(() =>
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: `第 ${page} 頁，共 3 頁` }),
    ),
  );

describe('精選文章 (ODGAF110, ODGAF111)', () => {
  it('pages through the cards; the page is kept for the tab and comes back on the next visit', async () => {
    // each page a moment on its way: the list and the link chosen go while it loads
    const page = await open('/featured/article', slowContentServer(30));
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(1)[0]!.title });
    expect(cardTitles()).toEqual(articlesOfPage(1).map((a) => a.title));
    const pages = screen.getByRole('navigation', { name: '文章分頁' });
    expect(within(pages).getByRole('link', { name: '第 1 頁' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(pages).getByRole('link', { name: '第 2 頁' }));
    expect(page.history.location.search).toBe('?page=2');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    expect(cardTitles()).toEqual(articlesOfPage(2).map((a) => a.title));
    await focusOnPageHeading(2);
    await userEvent.setup().click(screen.getByRole('link', { name: '上一頁' }));
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(1)[0]!.title });
    expect(page.history.location.search).toBe('?page=1');
    await focusOnPageHeading(1);
    await userEvent.setup().click(screen.getByRole('link', { name: '下一頁' }));
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    cleanup();
    close?.();
    // a new visit without a page in the address: the page kept, written into the address
    const again = await open('/featured/article');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    await waitFor(() => expect(again.history.location.search).toBe('?page=2'));
    expect(
      within(screen.getByRole('navigation', { name: '文章分頁' })).getByRole('link', { name: '第 2 頁' }),
    ).toHaveAttribute('aria-current', 'page');
    // arriving is not a change of page: the focus stays where a page starts
    expect(document.activeElement).toBe(document.body);
  });

  it('follows the page the server serves when the address asks past the last, and keeps that one', async () => {
    const page = await open('/featured/article?page=9');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(3)[0]!.title });
    await waitFor(() => expect(page.history.location.search).toBe('?page=3'));
    expect(sessionStorage.getItem('groupins.articlePage')).toBe('3');
  });

  it('lets the address’s page win over the page kept', async () => {
    sessionStorage.setItem('groupins.articlePage', '3');
    await open('/featured/article?page=2');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    await waitFor(() => expect(sessionStorage.getItem('groupins.articlePage')).toBe('2'));
  });

  it('shows an article with its title as the page title, its summary as the description, and next reads', async () => {
    const article = articleOf(articlesOfPage(1)[1]!.id);
    await open(`/featured/articleContent?id=${article.id}`);
    await screen.findByRole('heading', { level: 1, name: article.title });
    await waitFor(() => expect(document.title).toBe(`${article.title}｜${SITE_NAME}`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(article.summary);
    const next = screen.getByRole('region', { name: '延伸閱讀' });
    expect(
      within(next)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(article.nextReads.map((a) => a.title));
    const back = screen.getByRole('link', { name: '回精選文章列表' });
    expect(back).toHaveAttribute('href', '/groupins/featured/article');
    // the body's blocks as elements, never as markup
    const body = document.querySelector('.article-body')!;
    const blocks = article.body.map((b) =>
      b.type === 'heading' ? 'H2' : b.type === 'paragraph' ? 'P' : 'UL',
    );
    expect([...body.children].map((e) => e.tagName)).toEqual(blocks);

    // leaving puts back the page's title and takes the description away
    await userEvent.setup().click(back);
    await screen.findByRole('heading', { level: 1, name: '精選文章' });
    await waitFor(() => expect(document.title).toBe('團體保險網路服務'));
    expect(document.querySelector('meta[name="description"]')).toBeNull();
  });

  it('lands on the page kept by its 回精選文章列表', async () => {
    sessionStorage.setItem('groupins.articlePage', '2');
    const article = articleOf(articlesOfPage(1)[0]!.id);
    const page = await open(`/featured/articleContent?id=${article.id}`);
    await userEvent.setup().click(await screen.findByRole('link', { name: '回精選文章列表' }));
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    await waitFor(() => expect(page.history.location.search).toBe('?page=2'));
  });

  it('shows another article’s title once it is chosen from 延伸閱讀', async () => {
    const article = articleOf(articlesOfPage(1)[1]!.id);
    await open(`/featured/articleContent?id=${article.id}`);
    const next = article.nextReads[0]!;
    const region = await screen.findByRole('region', { name: '延伸閱讀' });
    await userEvent.setup().click(within(region).getByRole('link', { name: next.title }));
    await screen.findByRole('heading', { level: 1, name: next.title });
    await waitFor(() => expect(document.title).toBe(`${next.title}｜${SITE_NAME}`));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(next.summary);
  });

  it.each([
    ['an unknown id', '?id=no-such-article'],
    ['an id no article can have', '?id=Not_An_Id'],
    ['no id', ''],
  ])('says plainly that an article is not there for %s', async (_, search) => {
    await open(`/featured/articleContent${search}`);
    await screen.findByRole('heading', { level: 1, name: '找不到這篇文章' });
    expect(screen.getByText('查無此文章，可能已下架或網址有誤')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: '回精選文章列表' })).toHaveAttribute(
      'href',
      '/groupins/featured/article',
    );
    expect(screen.getByRole('link', { name: '回首頁' })).toHaveAttribute('href', '/groupins/');
    await waitFor(() => expect(document.title).toBe(`找不到這篇文章｜${SITE_NAME}`));
    // the router's own title for the route, set once the navigation resolves, does not take its place
    await act(async () => {});
    expect(document.title).toBe(`找不到這篇文章｜${SITE_NAME}`);
  });
});
