import { createEvent } from 'ics';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, fold, type BookingCalendarEvent } from './calendar-invite.js';

const event: BookingCalendarEvent = {
  uid: 'reservation-0b6f@meeple-haven',
  sequence: 2,
  method: 'PUBLISH',
  productId: 'meeple-haven-cafe/bookings',
  start: Date.UTC(2026, 11, 4, 0, 30),
  hours: 2,
  title: 'Table for 4 at Meeple Haven',
  description: 'Your table for 4.\nChange or cancel: https://cafe.example/manage?token=abc; see you, friends \\o/ and a long line',
  location: 'Meeple Haven, 123 Main St, Madison, WI',
  status: 'CONFIRMED',
  organizer: { name: 'Meeple Haven', email: 'hello@meeple.example' },
  stamp: new Date(Date.UTC(2026, 10, 27, 1, 2, 3)),
};

/** Folded lines joined again (RFC 5545 §3.1): what a calendar reads. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('bookingCalendar', () => {
  it('writes what the ics library writes for the same booking, line for line once unfolded', () => {
    // given the booking's invitation built by the ics library
    const { error, value } = createEvent({
      uid: event.uid,
      sequence: event.sequence,
      method: event.method,
      productId: event.productId,
      start: event.start,
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { hours: event.hours },
      title: event.title,
      description: event.description,
      location: event.location,
      status: event.status,
      organizer: event.organizer,
    });
    expect(error).toBeFalsy();
    // when this writer writes it
    const ours = bookingCalendar(event);
    // then both say the same, but for the moment they were made
    const withoutStamp = (lines: string[]) => lines.filter((line) => !line.startsWith('DTSTAMP:'));
    expect(withoutStamp(unfold(ours))).toEqual(withoutStamp(unfold(value!)));
    expect(unfold(ours)).toContain('DTSTAMP:20261127T010203Z');
    expect(ours.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds at 75 octets without cutting a character, and quotes a name with a double quote the RFC 6868 way', () => {
    // given a café whose name has quotes and a booking title in several scripts
    const ics = bookingCalendar({
      ...event,
      method: 'CANCEL',
      status: 'CANCELLED',
      title: 'Tisch für 4 im Café — ボードゲーム 🎲 '.repeat(4),
      organizer: { name: 'The "Meeple" Haven', email: 'hello@meeple.example' },
    });
    // then every physical line is at most 75 octets and every fold ends on a whole character
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    expect(unfold(ics)).toContain(`SUMMARY:${'Tisch für 4 im Café — ボードゲーム 🎲 '.repeat(4)}`);
    expect(unfold(ics)).toContain(`ORGANIZER;CN="The ^'Meeple^' Haven":MAILTO:hello@meeple.example`);
    expect(unfold(ics)).toContain('METHOD:CANCEL');
  });

  it('leaves a short line alone and breaks a long one with CRLF and a space', () => {
    expect(fold('UID:short')).toBe('UID:short');
    const long = `DESCRIPTION:${'x'.repeat(100)}`;
    const parts = fold(long).split('\r\n ');
    expect(parts.map((p) => p.length)).toEqual([75, 37]);
    expect(parts.join('')).toBe(long);
    // past two folds: 75, then 74 a line
    expect(
      fold('y'.repeat(200))
        .split('\r\n ')
        .map((p) => p.length),
    ).toEqual([75, 74, 51]);
  });

  it('counts a character by its UTF-8 octets where a line is not ASCII: two-, three- and four-octet ones and a lone surrogate', () => {
    const line = `SUMMARY:${'é'.repeat(30)}${'ボ'.repeat(20)}${'🎲'.repeat(10)}\uD800${'a'.repeat(10)}`;
    const parts = fold(line).split('\r\n ');
    expect(parts.join('')).toBe(line);
    // each physical line as full as the octets allow: the next character would not have fitted
    const octets = (text: string) => new TextEncoder().encode(text).length;
    parts.forEach((part, i) => {
      const limit = i === 0 ? 75 : 74;
      expect(octets(part)).toBeLessThanOrEqual(limit);
      const next = parts[i + 1] ? [...parts[i + 1]!][0]! : '';
      if (next) expect(octets(part + next)).toBeGreaterThan(limit);
    });
  });

  it('keeps a line break or control character in a guest-given value from starting a line of its own', () => {
    const ics = bookingCalendar({
      ...event,
      description: 'Ada\rEND:VEVENT\r\nBEGIN:VEVENT\nX\u0001Y',
      organizer: { name: 'Cafe\rX', email: 'hello@meeple.example' },
    });
    const lines = unfold(ics);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines).toContain('DESCRIPTION:Ada\\nEND:VEVENT\\nBEGIN:VEVENT\\nXY');
    expect(lines).toContain('ORGANIZER;CN="Cafe^nX":MAILTO:hello@meeple.example');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).not.toContain(String.fromCharCode(1));
  });
});
