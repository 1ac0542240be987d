import { Link } from '@tanstack/react-router';
import type { ArticleSummary } from '../../domain/api/content';
import { formatRoc } from '../../domain/roc-date';

/** What a card and the article's own header say of it: category, date, reading time. */
export function ArticleMeta({ article }: { article: ArticleSummary }) {
  return (
    <p className="article-meta">
      <span>{article.category}</span>
      <span>
        <time dateTime={article.publishedAt}>{formatRoc(article.publishedAt, 'chinese')}</time>
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
      <p>{article.summary}</p>
    </article>
  );
}
