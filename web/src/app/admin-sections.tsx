import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionBadgeProps } from '../features/admin/components/admin-dashboard';

/**
 * The staff dashboard's sections, composed here so the admin shell never imports a slice: each
 * section lives in its own feature folder and loads only when its tab is first opened.
 */
export interface AdminSection {
  id: string;
  label: string;
  /** Absent while a section is not built yet: the shell says so instead of showing an empty tab. */
  component?: LazyExoticComponent<ComponentType>;
  /** A live count beside the section's name. */
  badge?: LazyExoticComponent<ComponentType<SectionBadgeProps>>;
  /** 'operators': set apart at the end of the navigation, for whoever runs the site (every admin may open it). */
  group?: 'operators';
}

// Add a section as `component: lazy(() => import('../features/<slice>/components/<slice>-section'))`.

export const adminSections: AdminSection[] = [
  {
    id: 'reservations',
    label: 'Reservations',
    component: lazy(() => import('../features/staff-bookings/components/reservations/reservations-manager')),
  },
  {
    id: 'parties',
    label: 'Parties',
    component: lazy(() => import('../features/staff-bookings/components/parties/parties-manager')),
    badge: lazy(() => import('../features/staff-bookings/components/parties/pending-parties-badge')),
  },
  // The host's view and the floor as staff draw it: its own chunk, loaded when the tab is first opened.
  { id: 'floor', label: 'Floor', component: lazy(() => import('../features/floor/components/floor-section')) },
  // Today's door queue and a date's evening waitlist (issue 49): two features composed in app/, one chunk.
  { id: 'waitlist', label: 'Waitlist', component: lazy(() => import('./waitlist-section')) },
  {
    id: 'blocked-dates',
    label: 'Blocked Dates',
    component: lazy(() => import('../features/blocked-dates/components/blocked-dates-manager')),
  },
  { id: 'menu', label: 'Menu', component: lazy(() => import('../features/menu/components/menu-admin-section')) },
  { id: 'games', label: 'Games', component: lazy(() => import('../features/game-library/components/games-admin-section')) },
  { id: 'events', label: 'Events', component: lazy(() => import('../features/cafe-events/components/events-admin-section')) },
  {
    id: 'open-tables',
    label: 'Open Tables',
    component: lazy(() => import('../features/open-tables/components/open-tables-admin-section')),
  },
  { id: 'gallery', label: 'Gallery', component: lazy(() => import('../features/gallery/components/gallery-admin-section')) },
  {
    id: 'business-info',
    label: 'Business Info',
    component: lazy(() => import('../features/business-info/components/business-info-admin-section')),
  },
  { id: 'admin-access', label: 'Admin Access', component: lazy(() => import('../features/admin-access/components/admin-access-section')) },
  { id: 'reports', label: 'Reports', component: lazy(() => import('../features/reports/components/reports-section')) },
  { id: 'system', label: 'System', group: 'operators', component: lazy(() => import('./system-section')) },
];
