import { Link } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import type { Article, ArticleBlock } from '../../domain/api/content';
import { RETURN_CODE } from '../../domain/envelope';
import { ArticleCard, ArticleMeta } from '../../features/content/article-card';
import { loadArticle } from '../../features/content/content-api';
import { useDocumentMeta } from '../../features/content/use-document-meta';
import { ApiFailure } from '../../lib/api-client';
import { answerOf, useScreenData } from '../../lib/screen-read';

const NOT_FOUND = '查無此文章，可能已下架或網址有誤';
const NOT_FOUND_HEADING = '找不到這篇文章';

/** 文章內容 (ODGAF111): the article ?id= names, with what to read next; an unknown id says so. */
/**
 * The article ?id= names, read on entry (lib/screen-read.tsx), or why there is none: no id, one the server
 * does not know (its message), or one that cannot name an article (no retry will find it).
 */
export async function read({ id }: { id?: string }): Promise<Article | { notFound: string }> {
  if (!id) return { notFound: NOT_FOUND };
  try {
    return await answerOf(loadArticle(id));
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.returnCode === RETURN_CODE.notFound) return { notFound: error.message };
    if (error.returnCode === RETURN_CODE.badInput) return { notFound: NOT_FOUND };
    throw error;
  }
}

export default function ArticleContent() {
  const found = useScreenData(read);
  if ('notFound' in found) return <ArticleNotFound message={found.notFound} />;
  return <ArticleView article={found} />;
}

function Block({ block }: { block: ArticleBlock }) {
  if (block.type === 'heading') return <h2>{block.text}</h2>;
  if (block.type === 'paragraph') return <p>{block.text}</p>;
  return (
    <ul>
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

function ArticleView({ article }: { article: Article }) {
  useDocumentMeta(article.title, article.summary);
  return (
    <ScreenPage heading={article.title}>
      <ArticleMeta article={article} />
      <div className="article-body">
        {article.body.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id and never move
          <Block key={i} block={block} />
        ))}
      </div>
      {article.nextReads.length > 0 && (
        <section aria-labelledby="next-reads" className="next-reads">
          <h2 id="next-reads">延伸閱讀</h2>
          <ul className="article-cards">
            {article.nextReads.map((next) => (
              <li key={next.id}>
                <ArticleCard article={next} level={3} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to="/featured/article">回精選文章列表</Link>
      </p>
    </ScreenPage>
  );
}

function ArticleNotFound({ message }: { message: string }) {
  useDocumentMeta(NOT_FOUND_HEADING, null);
  return (
    <ScreenPage heading={NOT_FOUND_HEADING} lead={message}>
      <div className="form-actions">
        <Link to="/featured/article" className="button primary">
          回精選文章列表
        </Link>
        <Link to="/" className="button">
          回首頁
        </Link>
      </div>
    </ScreenPage>
  );
}
