import { useSyncExternalStore } from 'react';
import { CrossIcon } from '../../../components/icons';
import { useSiteInfo } from '../../../lib/business-info';
import './business-info.css';

/** The announcement a visitor closed; a new announcement shows again. */
const DISMISSED_KEY = 'cafe.announcement.dismissed';

const storedDismissal = (): string | null => {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return closedHere;
  }
};
/** Where localStorage is refused (some private modes): closed for this page only. */
let closedHere: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function dismiss(announcement: string) {
  closedHere = announcement;
  try {
    localStorage.setItem(DISMISSED_KEY, announcement);
  } catch {
    // kept in closedHere
  }
  for (const listener of listeners) listener();
}

/**
 * The business info's announcement, under the top bar, until the visitor closes it. Part of the first
 * paint the server renders; a dismissal kept in this browser is applied right after hydration (the
 * server snapshot is "not dismissed"), so the first render still matches that HTML.
 */
export function AnnouncementBanner() {
  const { announcement } = useSiteInfo();
  const dismissed = useSyncExternalStore(subscribe, storedDismissal, () => null);
  if (!announcement || dismissed === announcement) return null;
  return (
    <aside className="announcement" aria-label="Announcement">
      <p className="announcement-text">{announcement}</p>
      <button type="button" className="announcement-close" aria-label="Dismiss announcement" onClick={() => dismiss(announcement)}>
        <CrossIcon />
      </button>
    </aside>
  );
}
