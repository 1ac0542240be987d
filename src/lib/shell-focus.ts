/*
 * A visitor may Tab into the prerendered page before the app has taken it over (src/main.tsx). The app renders
 * new elements in its place, so the focused control goes with the page and the focus falls to <body>. The
 * same control of the app's page (the same element, address and text) takes the focus again, unless the app
 * has put it somewhere by then.
 */

const signature = (element: Element) =>
  `${element.tagName} ${element.getAttribute('href')} ${element.textContent}`;

let focused: string | undefined;

const keep = () => {
  const element = document.activeElement;
  focused = element && element !== document.body ? signature(element) : undefined;
};

/** From now until the app has rendered, what has the focus on the prerendered page. */
export function watchShellFocus(): void {
  keep();
  document.addEventListener('focusin', keep);
}

/** After the app's first render over the prerendered page in `root`. */
export function restoreShellFocus(root: HTMLElement): void {
  document.removeEventListener('focusin', keep);
  if (focused === undefined || document.activeElement !== document.body) return;
  const again = [...root.querySelectorAll<HTMLElement>('a[href],button,[tabindex]')].find(
    (element) => signature(element) === focused,
  );
  again?.focus();
}
