import { useEffect } from 'react';

/** index.html's own title, the landing page's. */
export const SITE_TITLE = 'Meeple Haven Board Game Café · Waukesha, WI';

/** Each screen names itself in the tab and to screen readers on arrival: '<title> · Meeple Haven'. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Meeple Haven` : SITE_TITLE;
  }, [title]);
}
