import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_NAME } from '../../../src/domain/screens';
import { SEED_QUESTION_TOPICS } from '../../../src/server/db/seed-data/questions';
import { heldNetwork } from '../../support/held-network';
import { openPage } from '../../support/visitor-page';
import { articleOf, articlesOfPage, contentServer } from './content-server';

// 常見問題, 精選文章 and 文章內容 on the rendered app, over the seeded content as the endpoints answer it.

// jsdom lays nothing out: scrolling to an element does nothing there
Element.prototype.scrollIntoView = () => {};

let close: (() => void) | undefined;
afterEach(() => {
  cleanup();
  close?.();
  close = undefined;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

async function open(path: string) {
  const network = heldNetwork([], contentServer);
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

describe('精選文章 (ODGAF110, ODGAF111)', () => {
  it('pages through the cards; the page is kept for the tab and comes back on the next visit', async () => {
    const page = await open('/featured/article');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(1)[0]!.title });
    expect(cardTitles()).toEqual(articlesOfPage(1).map((a) => a.title));
    const pages = screen.getByRole('navigation', { name: '文章分頁' });
    expect(within(pages).getByRole('link', { name: '第 1 頁' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(within(pages).getByRole('link', { name: '第 2 頁' }));
    expect(page.history.location.search).toBe('?page=2');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
    expect(cardTitles()).toEqual(articlesOfPage(2).map((a) => a.title));
    expect(document.activeElement).toHaveTextContent('第 2 頁，共 3 頁');
    cleanup();
    close?.();
    await open('/featured/article');
    await screen.findByRole('heading', { level: 3, name: articlesOfPage(2)[0]!.title });
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
    expect(screen.getByRole('link', { name: '回精選文章列表' })).toHaveAttribute(
      'href',
      '/groupins/featured/article',
    );
  });

  it('says plainly that an unknown or missing article is not there', async () => {
    await open('/featured/articleContent?id=no-such-article');
    await screen.findByRole('heading', { level: 1, name: '找不到這篇文章' });
    expect(screen.getByText('查無此文章，可能已下架或網址有誤')).toBeInTheDocument();
    cleanup();
    close?.();
    await open('/featured/articleContent');
    await screen.findByRole('heading', { level: 1, name: '找不到這篇文章' });
    await act(async () => {});
  });
});
