import type { Page } from 'playwright-core';

/**
 * In the page: how wide the document is against the viewport, and each shown element whose box, as far as
 * no scrolling or clipping ancestor hides it, ends past the viewport's right edge. Self-contained: it runs
 * in Chromium.
 */
export function rightOverflow() {
  const width = document.documentElement.clientWidth;
  const name = (e: Element) => {
    // React's generated ids (useId) differ from page to page: they name nothing
    const id = e.id && !/^[_:«]r/.test(e.id) ? `#${e.id}` : '';
    const classes = [...e.classList].map((c) => `.${c}`).join('');
    const label =
      e.getAttribute('aria-label') ??
      (e.id ? document.querySelector(`label[for="${CSS.escape(e.id)}"]`)?.textContent : null) ??
      e.textContent ??
      '';
    const text = label.trim().replace(/\s+/g, ' ').slice(0, 24);
    return `${e.localName}${id}${classes}${text ? `「${text}」` : ''}`;
  };
  const sticking: string[] = [];
  for (const e of document.body.querySelectorAll('*')) {
    const box = e.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    let right = box.right;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== 'visible')
        right = Math.min(right, a.getBoundingClientRect().right);
    if (right + window.scrollX > width + 0.5)
      sticking.push(`${name(e)} from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
  }
  return { width, scrollWidth: document.documentElement.scrollWidth, sticking };
}

/**
 * Whether the page as it is now fits each width: the document no wider than the viewport and no element
 * past its right edge. Answers what does not fit, a line each; the viewport is left at the last width.
 */
export async function misfits(page: Page, widths: readonly number[]): Promise<string[]> {
  const lines: string[] = [];
  const height = page.viewportSize()?.height ?? 844;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    const found = await page.evaluate(rightOverflow);
    if (found.scrollWidth > found.width)
      lines.push(`at ${width} px: the page is ${found.scrollWidth} px wide`);
    for (const element of found.sticking) lines.push(`at ${width} px: ${element}`);
  }
  return lines;
}
