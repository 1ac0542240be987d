import { Link } from '@tanstack/react-router';
import type { ArticleSummary } from '../../domain/api/content';

/**
 * An article's ISO date as 民國115年3月10日. Not roc-date's formatRoc: that one brings luxon (20 KB) to pages
 * that have no other use for it, and an article's date is always a valid day of the ROC era.
 */
function rocDay(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `民國${year! - 1911}年${month}月${day}日`;
}

/** What a card and the article's own header say of it: category, date, reading time. */
export function ArticleMeta({ article }: { article: ArticleSummary }) {
  return (
    <p className="article-meta">
      <span>{article.category}</span>
      <span>
        <time dateTime={article.publishedAt}>{rocDay(article.publishedAt)}</time>
      </span>
      <span>約 {article.readMinutes} 分鐘</span>
    </p>
  );
}

/** An article as a card: its title is the one link. */
export function ArticleCard({ article, level = 2 }: { article: ArticleSummary; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card">
      <Heading>
        <Link to="/featured/articleContent" search={{ id: article.id }}>
          {article.title}
        </Link>
      </Heading>
      <ArticleMeta article={article} />
      <p className="article-summary">{article.summary}</p>
    </article>
  );
}
