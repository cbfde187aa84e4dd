import { useEffect } from 'react';
import { DEFAULT_CAFE } from '@cafe/contracts/business-facts';

/** The café as the public pages name it (from the business info): its landing title and its name. */
export interface TitledSite {
  title: string;
  name: string;
}

/**
 * Each screen names itself in the tab and to screen readers on arrival: '<title> · <the café's name>', or on
 * the public pages '<title> · <the stored name>' and, on the landing page, the café's own title.
 */
export function usePageTitle(title?: string, site?: TitledSite): void {
  // The café's defaults until its business info is known (the signed-in dashboard has none to give).
  const landing = site?.title ?? DEFAULT_CAFE.title;
  const suffix = site?.name ?? DEFAULT_CAFE.shortName;
  useEffect(() => {
    document.title = title ? `${title} · ${suffix}` : landing;
  }, [title, landing, suffix]);
}
