/** The page's data block: the answers of its screen's first reads, put in by the server (src/server/page-answers.tsx). */
export const PAGE_ANSWERS_ID = 'page-answers';

/**
 * The answer the page came with for the address `url`, once: the screen's first render shows it at once,
 * as the server rendered it, and any later read of that address asks the server again.
 */
export function takePageAnswer(url: string): unknown {
  const block = globalThis.document?.getElementById(PAGE_ANSWERS_ID);
  if (!block) return undefined;
  try {
    const answers = JSON.parse(block.textContent ?? '') as Record<string, unknown>;
    if (!Object.hasOwn(answers, url)) return undefined;
    const { [url]: data, ...others } = answers;
    block.textContent = JSON.stringify(others);
    return data;
  } catch {
    // a block that is no JSON: the screen reads from the server, as without one
    return undefined;
  }
}
