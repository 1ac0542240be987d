import { useEffect, useState } from 'react';
import { loadSiteSettings } from '../../lib/site-settings-api';

/** The insurer's announcement from the site settings, when there is one. */
export function Announcement() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadSiteSettings().then((s) => live && setText(s.announcement));
    return () => {
      live = false;
    };
  }, []);
  if (!text) return null;
  return (
    <aside className="announcement" aria-label="公告">
      <p className="announcement-text">{text}</p>
    </aside>
  );
}
