import { useEffect } from 'react';
import { SITE_NAME } from '../../domain/screens';
import { loadTitles } from '../page-titles/page-titles';

/**
 * A page's own title (「<title>｜<site>」) and description meta tag, for a screen whose subject is loaded
 * (an article). The route's title from the server is set on navigation once the titles are in; this one is
 * set after it, so it stays. The description is put back when the screen goes.
 */
export function useDocumentMeta(title: string | null, description: string | null) {
  useEffect(() => {
    if (title === null) return;
    let current = true;
    const set = () => {
      if (current) document.title = `${title}｜${SITE_NAME}`;
    };
    loadTitles().then(set, set);
    return () => {
      current = false;
    };
  }, [title]);

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
      if (created) meta.remove();
      else meta.content = before;
    };
  }, [description]);
}
