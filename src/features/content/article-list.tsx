import { Link, useNavigate } from '@tanstack/react-router';
import { type RefObject, useEffect, useRef } from 'react';
import type { ArticlePage } from '../../domain/api/content';
import { ArticleCard } from './article-card';
import { articlePage } from './article-page';

/**
 * A page of the article list with its page links. It keeps the page for the tab and writes it into the
 * address once shown. The server renders it into the list's page too (src/server/page-answers.tsx).
 */
export function ArticleList({
  data,
  asked,
  shown,
}: {
  data: ArticlePage;
  asked: number | undefined;
  /** the page shown before this one on this visit, if any */
  shown: RefObject<number | null>;
}) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    articlePage.set(data.page);
    // the address names the page served: a stored page, or one past the last, is written in (a page asked
    // within the list is being loaded, whatever the list on screen)
    if (asked === undefined || asked > data.pageCount)
      void navigate({ to: '/featured/article', search: { page: data.page }, replace: true });
    // another page moves the reader's focus to its list: the link chosen went with the page before, and the
    // focus is not left on the document's body (arriving on the list leaves it where the page starts)
    if (shown.current !== null && shown.current !== data.page) heading.current?.focus();
    shown.current = data.page;
  }, [asked, data.page, data.pageCount, navigate, shown]);

  const pages = Array.from({ length: data.pageCount }, (_, i) => i + 1);
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="article-page-heading">
        第 {data.page} 頁，共 {data.pageCount} 頁
      </h2>
      <ul className="article-cards">
        {data.articles.map((article) => (
          <li key={article.id}>
            <ArticleCard article={article} level={3} />
          </li>
        ))}
      </ul>
      {data.pageCount > 1 && (
        <nav aria-label="文章分頁" className="pagination">
          <ul>
            <li>
              {data.page > 1 ? (
                <Link to="/featured/article" search={{ page: data.page - 1 }}>
                  上一頁
                </Link>
              ) : (
                <span aria-disabled="true">上一頁</span>
              )}
            </li>
            {pages.map((n) => (
              <li key={n}>
                <Link
                  to="/featured/article"
                  search={{ page: n }}
                  aria-current={n === data.page ? 'page' : undefined}
                  aria-label={`第 ${n} 頁`}
                >
                  {n}
                </Link>
              </li>
            ))}
            <li>
              {data.page < data.pageCount ? (
                <Link to="/featured/article" search={{ page: data.page + 1 }}>
                  下一頁
                </Link>
              ) : (
                <span aria-disabled="true">下一頁</span>
              )}
            </li>
          </ul>
        </nav>
      )}
    </>
  );
}
