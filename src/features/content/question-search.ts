// Spaces, punctuation and symbols, half- or full-width: a visitor types 「眷屬 加保」 or 「眷屬、加保？」
// for 「眷屬加保」.
const IGNORED = /[\s\p{P}\p{S}]/gu;

// NFKC folds full-width letters, digits and the ideographic space to their half-width forms
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The words of a query: split on spaces (full-width ones too), each without punctuation. */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .map((word) => word.replace(IGNORED, ''))
    .filter(Boolean);
}

/**
 * Whether `text` holds every word of the query, ignoring width (ＡＢＣ is abc), case, spaces and
 * punctuation; Chinese has no spaces between words, so each word is found anywhere in the text.
 */
export function matchesQuery(text: string, words: readonly string[]): boolean {
  const folded = fold(text).replace(IGNORED, '');
  return words.every((word) => folded.includes(word));
}
