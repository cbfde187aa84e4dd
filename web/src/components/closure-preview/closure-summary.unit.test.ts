import { describe, expect, it } from 'vitest';
import type { RangeBooking } from '@cafe/contracts';
import { closureSummary } from './closure-impact';

const booking = (name: string, email: string): RangeBooking => ({
  kind: 'reservation',
  id: name,
  version: 1,
  name,
  email,
  phone: '(262) 555-0123',
  partySize: 2,
  date: '2026-12-10',
  time: '18:00',
  label: 'Reservation',
});

describe("a closure's summary says who was told", () => {
  it('a guest with an e-mail is e-mailed; one booked by phone with none is named with the phone to call', () => {
    expect(closureSummary({ cancelled: [booking('Ada', 'ada@example.com'), booking('Walt Kowalski', '')] })).toBe(
      '1 booking cancelled and its guest e-mailed; 1 booking cancelled with no e-mail to send: please call Walt Kowalski ((262) 555-0123).',
    );
  });

  it('never says "e-mailed" when nobody could be', () => {
    expect(closureSummary({ cancelled: [booking('Walt Kowalski', '')] })).not.toContain('e-mailed');
  });
});
