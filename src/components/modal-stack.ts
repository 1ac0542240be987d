// While a modal dialog is open, everything else on the page is inert: no click, no Tab stop, nothing a
// screen reader browses. Dialogs are portalled to <body>, so the rest is <body>'s other children; with
// dialogs stacked (the session reminder over a cart dialog) only the top one stays live.

const open: HTMLElement[] = [];
const madeInert = new Set<Element>();

function refresh() {
  const top = open.at(-1);
  for (const child of document.body.children) {
    const shouldBeInert = top !== undefined && child !== top;
    if (shouldBeInert && !child.hasAttribute('inert')) {
      child.setAttribute('inert', '');
      madeInert.add(child);
    } else if (!shouldBeInert && madeInert.has(child)) {
      child.removeAttribute('inert');
      madeInert.delete(child);
    }
  }
}

/** Makes the page behind `layer` (a child of <body>) inert until the returned function is called. */
export function openModalLayer(layer: HTMLElement): () => void {
  open.push(layer);
  refresh();
  return () => {
    open.splice(open.indexOf(layer), 1);
    refresh();
  };
}
