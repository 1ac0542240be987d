import type { Article, ArticlePage, QuestionList } from '../../domain/api/content';
import { apiGet } from '../../lib/api-client';
import { apiRead } from '../../lib/api-read';

export const loadArticles = apiRead<ArticlePage>('content/articles', (page) => ({ page }));
export const loadArticle = (id: string) => apiGet<Article>('content/article', { id });
export const loadQuestions = () => apiGet<QuestionList>('content/questions');
