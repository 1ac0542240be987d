import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

/**
 * A link to a staff page (`href` below the site): a real link (a new tab works), followed in the page by
 * the staff's router. The visitors' router types TanStack's own Link, so the staff's links go through the
 * history.
 */
export function StaffLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        router.history.push(href);
      }}
    />
  );
}
