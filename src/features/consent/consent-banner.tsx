import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { consentMachine } from '../../../machines/consent.machine';
import { BusyButton } from '../../components/busy-button';

// The banner's height, which the page keeps free below its content and above the go-to-top button
// (styles.css), so the fixed banner never covers a focused control (WCAG 2.2 SC 2.4.11).
const SPACE = '--consent-space';

/**
 * The cookie banner: shown until the visitor accepts (docs/specification.md §1, §4). It comes first in the page, so the
 * keyboard reaches it first; once accepted, focus goes back to where it was before it entered the
 * banner, or on to the skip link, the next stop after it.
 */
export function ConsentBanner({ actor }: { actor: ActorRefFrom<typeof consentMachine> }) {
  const state = useSelector(actor, (s) => s.value);
  const shown = state !== 'checking' && state !== 'accepted';
  const banner = useRef<HTMLElement>(null);
  const cameFrom = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);

  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(SPACE, `${element.offsetHeight}px`);
    // A ResizeObserver gives the banner's first height after the frame's own layout, before its paint:
    // reading it here would force a layout of the whole new page inside React's commit.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    if (observer) observer.observe(element);
    else reserve();
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SPACE);
    };
  }, [shown]);

  useEffect(() => {
    if (shown || !hadFocus.current) return;
    hadFocus.current = false;
    const back = cameFrom.current?.isConnected ? cameFrom.current : document.querySelector('.skip-link');
    (back as HTMLElement | null)?.focus();
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      ref={banner}
      className="consent-banner"
      aria-labelledby="consent-title"
      onFocus={(e) => {
        hadFocus.current = true;
        const from = e.relatedTarget;
        if (from instanceof HTMLElement && !banner.current?.contains(from)) cameFrom.current = from;
      }}
    >
      <h2 id="consent-title" className="visually-hidden">
        Cookie 使用說明
      </h2>
      <p className="consent-text">本網站使用 Cookie 保存購物車與瀏覽設定，並統計使用情形。</p>
      {state === 'failed' && (
        <p className="form-error consent-refused" role="alert">
          您的瀏覽器未允許儲存 Cookie，因此無法記住您的同意。請在瀏覽器設定中允許本網站的 Cookie
          後，再按一次「同意」。
        </p>
      )}
      <BusyButton
        className="button primary"
        busy={state === 'saving'}
        onClick={() => actor.send({ type: 'consent.accept' })}
      >
        同意
      </BusyButton>
    </section>
  );
}
