import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PAGE_DESCRIPTIONS } from '../../domain/page-descriptions';
import { type ScreenId, SITE_NAME } from '../../domain/screens';
import { loadTitles } from '../../lib/page-titles';

/**
 * A page's own title (「<title>｜<site>」) and description meta tag, for a screen whose subject is loaded
 * (an article). The route's title from the server is set on navigation once the titles are in; this one is
 * set after it, so it stays. Both are put back when the screen goes or its subject changes: the description
 * to the one the page now shown was served with (the address may have changed since this page's HTML came).
 */
export function useDocumentMeta(title: string | null, description: string | null) {
  const router = useRouter();
  // the router sets the route's title once a navigation is resolved, which can be after this screen is
  // rendered: set this one again after each, so it comes last
  const resolved = useRouterState({ select: (s) => s.resolvedLocation?.href });
  // biome-ignore lint/correctness/useExhaustiveDependencies: resolved is the trigger to set the title again
  useEffect(() => {
    if (title === null) return;
    const own = `${title}｜${SITE_NAME}`;
    let current = true;
    let before: string | undefined;
    const set = () => {
      if (!current) return;
      before = document.title;
      document.title = own;
    };
    loadTitles().then(set, set);
    return () => {
      current = false;
      // the screen's own title again (another article loading); a title the next route set already stays
      if (before !== undefined && document.title === own) document.title = before;
    };
  }, [title, resolved]);

  useEffect(() => {
    if (description === null) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const before = meta.content;
    meta.content = description;
    return () => {
      const shown = router.state.matches.at(-1)?.staticData.screenId as ScreenId | undefined;
      const served = shown && shown !== 'back2Home' ? PAGE_DESCRIPTIONS[shown] : undefined;
      if (created) meta.remove();
      else meta.content = served ?? before;
    };
  }, [description, router]);
}
