import type { Page } from 'playwright-core';

// A keyboard visitor's moves in Chromium, and what the focused control is and whether anything covers it.

/** Each key held briefly, as a person presses it. */
export const HUMAN = { delay: 40 };

/**
 * What has focus: its label (without the 必填 mark), tag, whether a fixed or sticky element covers it, and
 * whether it is in the cookie banner.
 */
export const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    if (!e || e === document.body) return null;
    const label = (e as HTMLInputElement).labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
    for (const hidden of label?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
    const name = (label?.textContent ?? e.getAttribute('aria-label') ?? e.textContent ?? '').trim();
    const fixedAround = (n: Element | null) => {
      for (let x = n; x; x = x.parentElement) {
        const position = getComputedStyle(x).position;
        if (position === 'fixed' || position === 'sticky') return x;
      }
      return null;
    };
    const r = e.getBoundingClientRect();
    const over = fixedAround(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    const covered = over !== null && !over.contains(e) && fixedAround(e) === null;
    const outOfView = r.bottom > innerHeight || r.top < 0;
    return {
      name,
      tag: e.tagName,
      type: e.getAttribute('type') ?? '',
      heading: e.tagName === 'H1',
      covered: covered || outOfView,
      inBanner: e.closest('.consent-banner') !== null,
    };
  });

/** The accessible name of the focused element (its label without the 必填 mark), or undefined if none has focus. */
export const focusedName = async (page: Page) => (await focusedControl(page))?.name;

/**
 * A keyboard visitor on a step: Tab from where focus is, through every stop, typing or picking the value
 * of each control named in `values` as it is reached ('check' is Space on a checkbox, a file input gets
 * the file as its dialog would), until the control `last`, on which it presses `key`. Answers the controls that
 * were covered (by the cookie banner or anything fixed) or out of view when they had focus.
 */
export async function keyboardStep(
  page: Page,
  values: Record<string, string | { name: string; csv: string }>,
  last: string,
  key = 'Enter',
): Promise<string[]> {
  const covered: string[] = [];
  const done = new Set<string>();
  for (let stop = 0; stop < 150; stop++) {
    await page.keyboard.press('Tab', HUMAN);
    const control = await focusedControl(page);
    // (read in the same evaluation: inside a date input's year, month or day, `:focus` matches nothing)
    if (!control || control.inBanner) continue;
    if (control.covered) covered.push(control.name);
    if (control.name === last) {
      await page.keyboard.press(key, HUMAN);
      return covered;
    }
    // each value once: a second pass of Tab (past the end of the page) must not tick a box off again
    const value = values[control.name];
    if (value === undefined || done.has(control.name)) continue;
    done.add(control.name);
    const focused = page.locator(':focus');
    if (typeof value === 'object')
      await focused.setInputFiles({ name: value.name, mimeType: 'text/csv', buffer: Buffer.from(value.csv) });
    else if (control.tag === 'SELECT') await focused.selectOption(value);
    else if (value === 'check') await page.keyboard.press('Space', HUMAN);
    else {
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(value);
    }
  }
  throw new Error(`Tab never reached「${last}」`);
}

/** Tab to each named control in turn and press Enter on it (a menu, then its item); answers the covered ones. */
export async function keyboardPath(page: Page, names: readonly string[]): Promise<string[]> {
  const covered: string[] = [];
  for (const name of names) covered.push(...(await keyboardStep(page, {}, name)));
  return covered;
}

/** Tabs from where the focus is until the focused control's name matches, and answers that name. */
export async function tabToName(page: Page, name: RegExp): Promise<string> {
  for (let stop = 0; stop < 200; stop++) {
    await page.keyboard.press('Tab', HUMAN);
    const focused = await focusedName(page);
    if (focused && name.test(focused)) return focused;
  }
  throw new Error(`no control named ${name} by Tab`);
}
