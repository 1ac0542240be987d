// What the visitor sees of each flow, read from the page's DOM in the oracles' terms. Each function is
// self-contained (no imports, no outer names) so that Chromium can run it in the page as jsdom runs it here.

/** The cart: header count, panel, dialog, overlay, and the add_to_cart events in the dataLayer. */
export function cartScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const panel = document.querySelector('section.cart-panel');
  const dialog = document.querySelector('[role="dialog"]');
  const add = [...document.querySelectorAll('main button')].find((b) => text(b) === '加入購物車') as
    | HTMLButtonElement
    | undefined;
  const active = document.activeElement;
  const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []) as Array<{
    event?: string;
    ecommerce?: { items: Array<{ item_name: string }> };
  }>;
  return {
    count: Number(text(document.querySelector('.cart-button .cart-count'))),
    titles: [...(panel?.querySelectorAll('.cart-item-title') ?? [])].map(text),
    limit: Number(/\/(\d+)）/.exec(text(panel?.querySelector('h2')))?.[1]),
    loadFailed:
      text(panel).includes('購物車暫時無法載入') &&
      [...(panel?.querySelectorAll('button') ?? [])].some((b) => text(b) === '重新載入'),
    // 加入購物車 and every 移除 are unavailable together while a cart call is in flight; they stay
    // focusable (aria-disabled), so a keyboard visitor keeps their place
    busy: (() => {
      const removes = [...(panel?.querySelectorAll('.cart-items button') ?? [])] as HTMLButtonElement[];
      const off = (b: HTMLButtonElement) => b.getAttribute('aria-disabled') === 'true';
      const disabled = [!add || off(add), ...removes.map(off)];
      return disabled.every(Boolean) ? true : disabled.some(Boolean) ? 'some buttons only' : false;
    })(),
    overlay: text(document.querySelector('.loading-overlay[role="status"]')).includes('處理中'),
    dialog: dialog && {
      title: text(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')),
      text: text(dialog),
      focus: active?.getAttribute('aria-label') ?? text(active),
    },
    added: layer.filter((e) => e.event === 'add_to_cart').map((e) => e.ecommerce?.items[0]?.item_name),
  };
}

/** The session: its dialog, and whether a flow in progress is still kept in the tab. */
export function sessionScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const dialog = document.querySelector('[role="dialog"]');
  const active = document.activeElement;
  return {
    dialog: dialog && {
      title: text(document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')),
      text: text(dialog),
      focus: active?.getAttribute('aria-label') ?? text(active),
    },
    flowKept: sessionStorage.getItem('groupins.flow.shopcart') !== null,
  };
}

/** The cookie banner, and the privacy cookie as the page reads it. */
export function consentScreen() {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const banner = document.querySelector('section.consent-banner');
  const accept = [...(banner?.querySelectorAll('button') ?? [])].find((b) => text(b) === '同意') as
    | HTMLButtonElement
    | undefined;
  return {
    banner: banner !== null,
    refusedByBrowser: text(banner?.querySelector('[role="alert"]')).includes('您的瀏覽器未允許儲存 Cookie'),
    acceptEnabled: accept !== undefined && accept.getAttribute('aria-disabled') !== 'true',
    cookie: /(?:^|; )OI_Privacy_CHECK=([^;]*)/.exec(document.cookie)?.[1] ?? null,
  };
}
