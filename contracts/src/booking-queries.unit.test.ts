import { describe, expect, it } from 'vitest';
import {
  adminPartyDetailsPatchSchema,
  adminReservationPatchSchema,
  bookingsQuerySchema,
  bookingTone,
  FILTER_SIZE_MESSAGE,
} from './index.js';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('dashboard query schema (views and the Filter dialog)', () => {
  it('defaults: list view, both kinds, no limits', () => {
    expect(bookingsQuerySchema.parse({})).toEqual({ view: 'list', reservations: true, parties: true });
  });
  it('reads query-string text: numbers, flags, and empty values as "not set"', () => {
    expect(
      bookingsQuerySchema.parse({
        view: 'week',
        date: '2026-11-18',
        minSize: '2',
        maxSize: '10',
        parties: 'false',
        reservations: '1',
        from: '',
      }),
    ).toEqual({ view: 'week', date: '2026-11-18', minSize: 2, maxSize: 10, parties: false, reservations: true });
  });
  it('refuses sizes outside 1–30 (parties reach 30) and reversed ranges', () => {
    expect(first(bookingsQuerySchema.safeParse({ minSize: '0' }))).toBe(FILTER_SIZE_MESSAGE);
    expect(bookingsQuerySchema.safeParse({ minSize: '24', maxSize: '30' }).success).toBe(true);
    expect(first(bookingsQuerySchema.safeParse({ maxSize: '31' }))).toBe(FILTER_SIZE_MESSAGE);
    expect(first(bookingsQuerySchema.safeParse({ minSize: '2.5' }))).toBe(FILTER_SIZE_MESSAGE);
    expect(first(bookingsQuerySchema.safeParse({ minSize: '7', maxSize: '3' }))).toBe('Minimum party size cannot be more than the maximum');
    expect(first(bookingsQuerySchema.safeParse({ from: '2026-12-02', to: '2026-12-01' }))).toBe(
      'The start date must be on or before the end date',
    );
  });
});

describe('edit (PATCH) schemas', () => {
  it('take any subset of the dialog fields, with the dialog messages', () => {
    expect(adminReservationPatchSchema(null).parse({ name: ' Ada ' })).toEqual({ name: 'Ada' });
    expect(adminReservationPatchSchema(null).parse({ phone: '+1 262-555-0100' })).toEqual({ phone: '(262) 555-0100' });
    expect(first(adminReservationPatchSchema(null).safeParse({ phone: '+44 20 7946 0958' }))).toBe('Invalid phone number');
    expect(first(adminReservationPatchSchema(null).safeParse({ time: '' }))).toBe('Time is required');
    expect(first(adminPartyDetailsPatchSchema(null).safeParse({ eventType: '' }))).toBe('Event type is required');
  });
  it('check the slot when date and time come together', () => {
    expect(first(adminReservationPatchSchema(null).safeParse({ date: '2026-11-23', time: '11:15' }))).toBe(
      'Please choose one of the available times for that day',
    );
  });
  it('party edit accepts a stored public-form size (12); the admin list applies when it changes (server side)', () => {
    expect(adminPartyDetailsPatchSchema(null).parse({ partySize: 12 })).toEqual({ partySize: 12 });
    expect(adminPartyDetailsPatchSchema(null).safeParse({ partySize: 0 }).success).toBe(false);
  });
});

describe('bookingTone: the Week View colours', () => {
  it.each([
    ['reservation', '11:30', 'morning'],
    ['reservation', '12:00', 'afternoon'],
    ['reservation', '16:30', 'afternoon'],
    ['reservation', '17:00', 'evening'],
    ['reservation', '22:00', 'evening'],
    ['party', '11:00', 'party'],
  ] as const)('%s at %s is %s', (kind, time, tone) => {
    expect(bookingTone(kind, time)).toBe(tone);
  });
});
