import { useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';
import { ArticleList } from '../../features/content/article-list';
import { loadArticles } from '../../features/content/content-api';
import { answerOf, useScreenData } from '../../lib/screen-read';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '與企業福利、職場保障與團體保險有關的精選文章。';

/** 精選文章 (ODGAF110): the articles as cards, a page at a time; the page is kept for the tab. */
/** A page of the list (the one asked, else the tab's: src/router.tsx), read on entry unless the page came with it. */
export const read = ({ page }: { page: number }) =>
  loadArticles.answered(String(page)) ?? answerOf(loadArticles(String(page)));

export default function Articles() {
  const { page: asked } = useSearch({ from: '/featured/article' });
  const data = useScreenData(read);
  // the page on screen, kept here: the list itself goes while the next page loads
  const shown = useRef<number | null>(null);
  return (
    <ScreenPage heading={headingOf('ODGAF110')} lead={lead}>
      <ArticleList data={data} asked={asked} shown={shown} />
    </ScreenPage>
  );
}
