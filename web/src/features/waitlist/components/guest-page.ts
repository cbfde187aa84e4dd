import type { GuestPageClasses } from '../../../components/guest-page-shell';

/** The waitlist's guest pages' shell classes (waitlist.css). */
export const GUEST_PAGE: GuestPageClasses = { page: 'guest-page', card: 'guest-card', head: 'guest-head', foot: 'guest-foot' };
