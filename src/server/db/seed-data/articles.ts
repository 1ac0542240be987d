import type { ArticleBlock, ArticleSummary } from '../../../domain/api/content';

/** A featured article as seeded; its reading time is counted from the body when it is stored. */
export interface SeedArticle extends Omit<ArticleSummary, 'readMinutes'> {
  body: ArticleBlock[];
}

export const SEED_ARTICLES: SeedArticle[] = [];
