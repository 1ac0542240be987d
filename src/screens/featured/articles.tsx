import { useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';
import { RemoteView } from '../../features/catalogue/remote-view';
import { useRemote } from '../../features/catalogue/use-remote';
import { ArticleList } from '../../features/content/article-list';
import { articlePage } from '../../features/content/article-page';
import { loadArticles } from '../../features/content/content-api';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '與企業福利、職場保障與團體保險有關的精選文章。';

/** 精選文章 (ODGAF110): the articles as cards, a page at a time; the page is kept for the tab. */
export default function Articles() {
  const { page: asked } = useSearch({ from: '/featured/article' });
  const page = asked ?? articlePage.get();
  const remote = useRemote(loadArticles, String(page));
  // the page on screen, kept here: the list itself goes while the next page loads
  const shown = useRef<number | null>(null);
  return (
    <ScreenPage heading={headingOf('ODGAF110')} lead={lead}>
      <RemoteView remote={remote} what="文章">
        {(data) => <ArticleList data={data} asked={asked} shown={shown} />}
      </RemoteView>
    </ScreenPage>
  );
}
