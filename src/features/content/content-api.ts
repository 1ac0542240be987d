import type { Article, ArticlePage, QuestionList } from '../../domain/api/content';
import { apiGet } from '../../lib/api-client';

export const loadArticles = (page: string) => apiGet<ArticlePage>('content/articles', { page });
export const loadArticle = (id: string) => apiGet<Article>('content/article', { id });
export const loadQuestions = () => apiGet<QuestionList>('content/questions');
