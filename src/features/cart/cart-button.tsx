import { Link, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { useDismiss } from '../../lib/use-dismiss';
import { lineAmount } from './cart-line';

/** The header's cart: the count on the button, the content one click away (a panel). */
export function CartButton() {
  const { actors } = useRouteContext({ from: '__root__' });
  const cart = useSelector(actors.cart, (s) => s.context.cart);
  const maxItems = useSelector(actors.cart, (s) => s.context.maxItems);
  const failed = useSelector(actors.cart, (s) => s.matches('loadFailed'));
  const busy = useSelector(actors.cart, (s) => s.hasTag('busy'));
  const [open, setOpen] = useState(false);
  const [news, setNews] = useState('');
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // the position of the item being removed, to give focus to its nearest survivor once it is gone
  const removing = useRef<number | null>(null);
  const count = cart.CLASS_LIST.length;

  useEffect(() => {
    const subscription = actors.cart.on('cart.added', ({ item }) =>
      setNews(`已將「${item.CLASS_TITLE}」加入購物車`),
    );
    return () => subscription.unsubscribe();
  }, [actors.cart]);

  useDismiss(open, {
    inside: [root],
    onOutside: () => setOpen(false),
    onEscape: () => {
      setOpen(false);
      toggle.current?.focus();
    },
  });

  useEffect(() => {
    // the list on screen is the reloaded one by the time the cart is no longer busy
    if (busy || removing.current === null) return;
    const at = removing.current;
    removing.current = null;
    if (document.activeElement !== document.body) return; // the item stayed, its button kept focus
    const survivors = list.current?.querySelectorAll<HTMLElement>('button') ?? [];
    (survivors[Math.min(at, survivors.length - 1)] ?? toggle.current)?.focus();
  }, [busy]);

  return (
    <div className="cart" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="cart-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        購物車<span className="cart-count">{count}</span>
        <span className="visually-hidden">項</span>
      </button>
      <p className="visually-hidden" aria-live="polite">
        {news}
      </p>
      <section id={panelId} className="cart-panel" hidden={!open} aria-label="購物車內容">
        <h2>
          購物車（{count}/{maxItems}）
        </h2>
        {failed ? (
          <p>
            購物車暫時無法載入。
            <button type="button" className="button" onClick={() => actors.cart.send({ type: 'cart.retry' })}>
              重新載入
            </button>
          </p>
        ) : count === 0 ? (
          <p>
            購物車是空的。可從<Link to="/product/optionpackage">團體保險方案</Link>或
            <Link to="/product/optioncell">單項保障</Link>加入保障。
          </p>
        ) : (
          <ul className="cart-items" ref={list}>
            {cart.CLASS_LIST.map((item, index) => (
              <li key={item.CLASS_ID}>
                <p className="cart-item-title">{item.CLASS_TITLE}</p>
                <ul>
                  {item.PROD_LIST.map((line) => (
                    <li key={line.PROD_ID}>
                      {line.PROD_NAME}　{lineAmount(item, line)}
                    </li>
                  ))}
                </ul>
                <BusyButton
                  className="button"
                  aria-label={`移除「${item.CLASS_TITLE}」`}
                  busy={busy}
                  onClick={() => {
                    removing.current = index;
                    actors.cart.send({ type: 'cart.remove', classId: item.CLASS_ID });
                  }}
                >
                  移除
                </BusyButton>
              </li>
            ))}
          </ul>
        )}
        {count > 0 && (
          <Link to="/shopcart/STEP1" className="button primary" onClick={() => setOpen(false)}>
            前往投保申請
          </Link>
        )}
      </section>
    </div>
  );
}
