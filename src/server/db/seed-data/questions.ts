import type { QuestionTopic } from '../../../domain/api/content';

/** The questions of /question (ODGAF094), by topic in the order the page shows them. */
export const SEED_QUESTION_TOPICS: QuestionTopic[] = [];
