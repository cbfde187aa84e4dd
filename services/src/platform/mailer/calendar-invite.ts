import { cafeInstant } from '@cafe/contracts';
import type { MailAttachment } from './mailer.js';

/** What an invitation names of the café: its place and the organiser. */
export interface InviteCafe {
  name: string;
  address: string;
  email: string;
}

/**
 * An .ics for a booking (or anything else a guest puts in their calendar). Start is the café-local slot turned into an instant, so the server's zone never matters.
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
  // cafeInstant remembers the slots bookings share: luxon works each out once.
  const start = cafeInstant(opts.date, opts.time, opts.zone).getTime();
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

/**
 * A booking's calendar invitation (RFC 5545: one VEVENT in a VCALENDAR), written directly. The `ics`
 * library validated each event twice with yup: a quarter of a millisecond per mail, the largest single
 * cost of a booking's mail on a busy gateway. The events feed (many events, rarely fetched) keeps the
 * library; calendar-invite.unit.test.ts holds this writer's output to the library's.
 */
export interface BookingCalendarEvent {
  uid: string;
  /** A later version of the same booking: a calendar replaces the event it holds. */
  sequence?: number;
  method: 'PUBLISH' | 'CANCEL';
  productId: string;
  /** UTC instant, ms. */
  start: number;
  hours: number;
  title: string;
  description: string;
  location: string;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer: { name: string; email: string };
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
}

export function bookingCalendar(event: BookingCalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${text(event.productId)}`,
    `METHOD:${event.method}`,
    'X-PUBLISHED-TTL:PT1H',
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SUMMARY:${text(event.title)}`,
    `DTSTAMP:${utc(event.stamp.getTime())}`,
    `DTSTART:${utc(event.start)}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `STATUS:${event.status}`,
    `ORGANIZER;CN=${param(event.organizer.name)}:MAILTO:${event.organizer.email}`,
    `DURATION:PT${event.hours}H`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A TEXT value: backslash, line breaks (CR, LF or both), semicolon and comma escaped, other control characters dropped. */
function text(value: string): string {
  return value
    .replace(CONTROL, '')
    .replace(/[\\;,]|\r\n|[\r\n]/g, (c) => (c === '\\' ? '\\\\' : c === ';' ? '\\;' : c === ',' ? '\\,' : '\\n'));
}

/** Control characters other than tab, CR and LF: never allowed in a value (a guest's name could carry them). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g;

/** A parameter value, quoted; a double quote cannot appear in one, so it becomes RFC 6868's ^'. */
function param(value: string): string {
  return `"${value
    .replace(CONTROL, '')
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|[\r\n]/g, '^n')}"`;
}

/** An instant as iCalendar's UTC date-time (20271231T183000Z), from its fields: two regular expressions over its ISO string took five times as long. */
function utc(ms: number): string {
  const d = new Date(ms);
  return (
    `${String(d.getUTCFullYear()).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}` +
    `T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`
  );
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

// eslint-disable-next-line no-control-regex -- every character above ASCII
const NON_ASCII = /[^\x00-\x7F]/;

/**
 * Lines longer than 75 octets are folded (CRLF and a space, so the next part holds 74), never inside a
 * character: a long name or description in any script stays readable in every calendar. Octets are
 * counted from the UTF-16 code units (a surrogate pair is one four-octet character, a lone surrogate is
 * written as U+FFFD: three) and each part is sliced once: measuring each character with a TextEncoder
 * was a tenth of a confirmation's composing.
 */
export function fold(line: string): string {
  if (line.length <= 75 && !NON_ASCII.test(line)) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length;) {
    const code = line.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length && (line.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const units = pair ? 2 : 1;
    const size = pair ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74;
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}
