import { useEffect, useState } from 'react';
import { GO_TOP_DURATION_MS, GO_TOP_THRESHOLD_PX } from '../domain/constants';

/** Appears after scrolling past the threshold; scrolls back up over the set duration (docs/specification.md §2, §9). */
export function GoToTop() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > GO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!shown) return null;
  return (
    <button type="button" className="go-to-top" aria-label="回到頁首" onClick={() => scrollToTop()}>
      <span aria-hidden="true">▲</span>
    </button>
  );
}

function scrollToTop() {
  const start = window.scrollY;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const began = performance.now();
  const frame = (now: number) => {
    const t = Math.min(1, (now - began) / GO_TOP_DURATION_MS);
    const eased = 1 - (1 - t) ** 3;
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (t < 1) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
