// The staff dashboard's addresses: each section, Reservations view, week and month is a query parameter of
// /admin, so a reload, a bookmark and back/forward return to it. The shell, the sections and the app
// (which composes the search box's "open this booking") all read and write them through these names.
import { weekStart } from '@cafe/contracts';

export const ADMIN_PATH = '/admin';
export const adminParams = {
  section: 'section',
  /** Reservations: today | list | week | month. */
  view: 'view',
  /** Week View's first day (a Sunday, or any day with rolling=1). */
  week: 'week',
  rolling: 'rolling',
  /** Month View: any day of the month. */
  month: 'month',
  /** A booking to open once its section shows: 'reservation:<id>' or 'party:<id>'. */
  booking: 'booking',
  /** Events: an event's sign-ups to open, on a date, with one sign-up shown. */
  event: 'event',
  date: 'date',
  signUp: 'signUp',
  /** Waitlist: the evening waitlist's date (today when absent). */
  waitlistDate: 'waitlistDate',
} as const;

export const sectionAddress = (section: string) => `${ADMIN_PATH}?${adminParams.section}=${encodeURIComponent(section)}`;

export interface BookingRef {
  kind: 'reservation' | 'party';
  id: string;
  date: string;
  status: string;
}

export const bookingParam = (ref: Pick<BookingRef, 'kind' | 'id'>) => `${ref.kind}:${ref.id}`;

export function parseBookingParam(value: string | null): Pick<BookingRef, 'kind' | 'id'> | null {
  const match = value ? /^(reservation|party):(.+)$/.exec(value) : null;
  return match ? { kind: match[1] as BookingRef['kind'], id: match[2]! } : null;
}

/**
 * Where a booking opens: a pending party request from today on in Parties with its decision dialog;
 * anything else in the Week View of its date with its edit dialog.
 */
export function bookingAddress(ref: BookingRef, today: string): string {
  const q = new URLSearchParams();
  if (ref.kind === 'party' && ref.status === 'pending' && ref.date >= today) {
    q.set(adminParams.section, 'parties');
  } else {
    q.set(adminParams.section, 'reservations');
    q.set(adminParams.view, 'week');
    q.set(adminParams.week, weekStart(ref.date));
  }
  q.set(adminParams.booking, bookingParam(ref));
  return `${ADMIN_PATH}?${q.toString()}`;
}

/** Where a game night's sign-up is managed: the Events section, its event's sign-ups open on its date. */
export function signUpAddress(ref: { id: string; date: string; eventId: string }): string {
  const q = new URLSearchParams({
    [adminParams.section]: 'events',
    [adminParams.event]: ref.eventId,
    [adminParams.date]: ref.date,
    [adminParams.signUp]: ref.id,
  });
  return `${ADMIN_PATH}?${q.toString()}`;
}
