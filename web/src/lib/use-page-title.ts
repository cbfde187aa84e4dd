import { useEffect } from 'react';

/** index.html's own title, the landing page's with the café's defaults. */
export const SITE_TITLE = 'Meeple Haven Board Game Café · Waukesha, WI';

/** The café as the public pages name it (from the business info): its landing title and its name. */
export interface TitledSite {
  title: string;
  name: string;
}

/**
 * Each screen names itself in the tab and to screen readers on arrival: '<title> · Meeple Haven', or on
 * the public pages '<title> · <the stored name>' and, on the landing page, the café's own title.
 */
export function usePageTitle(title?: string, site?: TitledSite): void {
  const landing = site?.title ?? SITE_TITLE;
  const suffix = site?.name ?? 'Meeple Haven';
  useEffect(() => {
    document.title = title ? `${title} · ${suffix}` : landing;
  }, [title, landing, suffix]);
}
