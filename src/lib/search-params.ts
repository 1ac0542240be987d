/*
 * What a screen's address may carry, read from TanStack's parsed search. The server reads the same addresses
 * for the pages it answers with their first read (src/server/page-answers.tsx), so both use these.
 */

/** A search parameter as text (TanStack parses a numeric-looking one as a number), at most `max` long. */
export const asText = (value: unknown, max = 100) =>
  value == null ? undefined : String(value).slice(0, max);

/** A search parameter that is a whole number from `min`, else none. */
export const asWhole = (value: unknown, min: number) =>
  Number.isInteger(value) && (value as number) >= min ? (value as number) : undefined;

/** A package's page and the tryout's first step: the package, by its id. */
export const packageSearch = (s: Record<string, unknown>): { PACK_ID?: string } => ({
  PACK_ID: asText(s.PACK_ID),
});

/** The article list: its page, else the page kept for the tab. */
export const articlesSearch = (s: Record<string, unknown>): { page?: number } => ({
  page: asWhole(s.page, 1),
});
