import { cafeInstant, eventTypeLabel, type ReservationDetails } from '@cafe/contracts';
import type { MailAttachment } from '../platform/mailer/mailer.js';
import { bookingCalendar } from './booking-calendar.js';

/** What an invitation names of the café: its place and the organiser. */
interface InviteCafe {
  name: string;
  address: string;
  email: string;
}

export const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

const instants = new Map<string, number>();
/** The instant of a café-local slot: bookings share their dates and slots, so luxon works each out once. */
function slotInstant(date: string, time: string, zone: string): number {
  const key = `${zone} ${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= 10_000) instants.clear();
    ms = cafeInstant(date, time, zone).getTime();
    instants.set(key, ms);
  }
  return ms;
}

/**
 * An .ics for the booking. Start is the café-local slot turned into an instant, so the server's zone never matters.
 * A later version of the same booking keeps its UID with a higher SEQUENCE (the booking stream's revision),
 * so a calendar updates the event it holds; method CANCEL removes it.
 */
export function calendarInvite(opts: {
  uid: string;
  /** The booking stream's revision the invitation reflects (0, the default, for the first one). */
  sequence?: number;
  method?: 'PUBLISH' | 'CANCEL';
  title: string;
  description: string;
  date: string;
  time: string;
  zone: string;
  hours: number;
  cafe: InviteCafe;
  /** When the invitation is made (DTSTAMP); now by default. */
  stamp?: Date;
}): MailAttachment {
  const start = slotInstant(opts.date, opts.time, opts.zone);
  const method = opts.method ?? 'PUBLISH';
  const value = bookingCalendar({
    uid: opts.uid,
    sequence: opts.sequence,
    method,
    productId: 'meeple-haven-cafe/bookings',
    start,
    hours: opts.hours,
    title: opts.title,
    description: opts.description,
    location: `${opts.cafe.name}, ${opts.cafe.address}`,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: opts.cafe.name, email: opts.cafe.email },
    stamp: opts.stamp ?? new Date(),
  });
  return { filename: 'booking.ics', content: value, contentType: `text/calendar; charset=utf-8; method=${method}` };
}

/** The calendar event of a booking: one UID per booking, whichever mail carries it (confirmation, change, cancellation). */
export function bookingInvite(
  kind: 'reservation' | 'party',
  id: string,
  details: ReservationDetails & { eventType?: string },
  cafe: InviteCafe,
  zone: string,
  version: { sequence?: number; method?: 'PUBLISH' | 'CANCEL' } = {},
): MailAttachment {
  const party = kind === 'party';
  return calendarInvite({
    uid: `${kind}-${id}@meeplehaven`,
    ...version,
    title: party ? `${eventTypeLabel(details.eventType)} at ${cafe.name}` : `Table for ${details.partySize} at ${cafe.name}`,
    description: `${party ? 'Party booking' : 'Reservation'} for ${details.name}, ${people(details.partySize)}.`,
    date: details.date,
    time: details.time,
    zone,
    hours: party ? 3 : 2,
    cafe,
  });
}
