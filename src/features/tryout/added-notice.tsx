import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * What 加入購物車 did, in its place. When it replaces the button under the visitor's focus (`tookOver`),
 * focus goes to it: a screen reader reads it, and Tab goes on to its link rather than from the top of the
 * page. A page that opens on a quote already added leaves focus alone.
 */
export function AddedNotice({ packName, tookOver }: { packName: string; tookOver: boolean }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (tookOver && document.activeElement === document.body) notice.current?.focus();
  }, [tookOver]);
  return (
    <p ref={notice} className="notice" role="status" tabIndex={-1}>
      已將「{packName}」加入購物車。 <Link to="/shopcart/STEP1">前往購物車申請投保</Link>
    </p>
  );
}
