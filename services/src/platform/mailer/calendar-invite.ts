/**
 * A booking's calendar invitation (RFC 5545: one VEVENT in a VCALENDAR), written directly. The `ics`
 * library validated each event twice with yup: a quarter of a millisecond per mail, the largest single
 * cost of a booking's mail on a busy gateway. The events feed (many events, rarely fetched) keeps the
 * library; booking-calendar.unit.test.ts holds this writer's output to the library's.
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

function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * Lines longer than 75 octets are folded (CRLF and a space, so the next part holds 74), never inside a
 * character: a long name or description in any script stays readable in every calendar.
 */
export function fold(line: string): string {
  if (line.length <= 75 && encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
      limit = 74;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}
