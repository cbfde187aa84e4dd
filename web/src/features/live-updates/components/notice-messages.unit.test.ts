import { describe, expect, it } from 'vitest';
import type { LiveChange, LiveNotice } from '@cafe/contracts/live-updates';
import { guestUpdateMessage, newBookingMessage } from './notice-messages';

const notice = (...changes: LiveChange[]): LiveNotice => ({ position: '7', readModels: [], changes });

describe("the dashboard's toasts for a live notice", () => {
  it("says when a guest changed or cancelled their own booking, and who booked what's new", () => {
    expect(guestUpdateMessage(notice({ kind: 'reservation', change: 'changed', by: 'guest', count: 1 }))).toBe(
      'A guest changed their reservation.',
    );
    expect(guestUpdateMessage(notice({ kind: 'party', change: 'cancelled', by: 'guest', count: 2 }))).toBe(
      '2 guests cancelled their party bookings.',
    );
    expect(newBookingMessage(notice({ kind: 'reservation', change: 'created', by: 'visitor', count: 1 }))).toBe(
      'A new reservation just came in.',
    );
  });

  it('toasts nothing for the waitlist: a guest leaving, passing or taking an offer only refreshes the Waitlist tab', () => {
    const waitlist = notice(
      { kind: 'waitlist', change: 'changed', by: 'guest', count: 1 },
      { kind: 'waitlist', change: 'cancelled', by: 'guest', count: 1 },
      { kind: 'waitlist', change: 'created', by: 'visitor', count: 1 },
    );
    expect(guestUpdateMessage(waitlist)).toBeNull();
    expect(newBookingMessage(waitlist)).toBeNull();
  });
});
