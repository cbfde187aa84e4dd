import { describe, expect, it } from 'vitest';
import type { Actor } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { features } from '../features.js';
import { bookingNotice as noticeOf, liveMeaningsOf } from './booking-notices.js';

/** What the slices registered in features.ts say their events mean. */
const meanings = liveMeaningsOf(features.flatMap((feature) => feature.liveNotices ?? []));
const bookingNotice = (change: Parameters<typeof noticeOf>[0]) => noticeOf(change, meanings);

let position = 0n;
const recorded = (type: string, actor: Actor, data: Record<string, unknown> = {}): RecordedEvent => ({
  id: `e${++position}`,
  type,
  streamId: 's',
  revision: 0n,
  position,
  data,
  metadata: { occurredAt: '2026-11-18T16:00:00.000Z', actor, correlationId: 'c', causationId: 'c' },
  recordedAt: '2026-11-18T16:00:00.000Z',
});
const visitor: Actor = { kind: 'visitor' };
const staff: Actor = { kind: 'admin', email: 'owner@example.com', userId: 'u1' };
const change = (...events: [RecordedEvent, string[]][]) => ({
  position: events.at(-1)![0].position,
  events: events.map(([event, readModels]) => ({ event, readModels })),
});

describe('bookingNotice: what the dashboard is told', () => {
  it('counts a burst of bookings by kind, change and who in general, and names the read models once each', () => {
    const notice = bookingNotice(
      change(
        [recorded('ReservationRequested', visitor, { name: 'Ada', email: 'ada@example.com' }), ['reservations', 'bookings_calendar']],
        [recorded('ReservationRequested', visitor), ['reservations', 'bookings_calendar']],
        [recorded('PartyBookingApproved', staff, { approvedBy: 'owner@example.com' }), ['party_bookings']],
        [recorded('DateUnblocked', staff), ['blocked_dates']],
      ),
    );
    expect(notice).toEqual({
      position: String(position),
      readModels: ['blocked_dates', 'bookings_calendar', 'party_bookings', 'reservations'],
      changes: [
        { kind: 'reservation', change: 'created', by: 'visitor', count: 2 },
        { kind: 'party', change: 'changed', by: 'admin', count: 1 },
        { kind: 'blocked-date', change: 'changed', by: 'admin', count: 1 },
      ],
    });
    expect(JSON.stringify(notice)).not.toMatch(/ada|owner@/i);
  });

  it('tells other dashboards of an arrival marked or a no-show, as a change of that kind of booking', () => {
    const notice = bookingNotice(
      change(
        [recorded('ReservationArrivalMarked', staff, { status: 'arrived' }), ['reservations', 'booking_visits']],
        [recorded('PartyBookingArrivalMarked', staff, { status: 'no-show' }), ['party_bookings']],
      ),
    );
    expect(notice?.changes).toEqual([
      { kind: 'reservation', change: 'changed', by: 'admin', count: 1 },
      { kind: 'party', change: 'changed', by: 'admin', count: 1 },
    ]);
  });

  it("says 'guest' for a guest's own change or cancellation through their link, and 'cancelled' for any cancellation", () => {
    const guest: Actor = { kind: 'guest' };
    const notice = bookingNotice(
      change(
        [recorded('ReservationChanged', guest, { time: '14:00' }), ['reservations']],
        [recorded('PartyBookingCancelled', guest), ['party_bookings']],
        [recorded('ReservationCancelled', staff), ['reservations']],
      ),
    );
    expect(notice?.changes).toEqual([
      { kind: 'reservation', change: 'changed', by: 'guest', count: 1 },
      { kind: 'party', change: 'cancelled', by: 'guest', count: 1 },
      { kind: 'reservation', change: 'cancelled', by: 'admin', count: 1 },
    ]);
  });

  it("counts a guest's change that sent an approved party back to staff once: one guest changed one party booking", () => {
    const guest: Actor = { kind: 'guest' };
    const notice = bookingNotice(
      change(
        [recorded('PartyBookingDetailsChanged', guest, { partySize: 20 }), ['party_bookings']],
        [recorded('PartyBookingReturnedToPending', guest), ['party_bookings', 'bookings_calendar']],
      ),
    );
    expect(notice).toMatchObject({
      readModels: ['bookings_calendar', 'party_bookings'],
      changes: [{ kind: 'party', change: 'changed', by: 'guest', count: 1 }],
    });
  });

  it("tells of the waitlist's changes as their own kind, a guest's taken offer too, and the door queue's as the same tab's", () => {
    const guest: Actor = { kind: 'guest' };
    const system: Actor = { kind: 'system', name: 'waitlist' };
    const notice = bookingNotice(
      change(
        [recorded('EntryListed', visitor), ['waitlist']],
        [recorded('OfferMade', system), ['waitlist']],
        [recorded('OfferTaken', guest), ['waitlist']],
        [recorded('OfferPassed', guest), ['waitlist']],
        [recorded('PartyQueued', staff), ['door_queue']],
        [recorded('PartySeated', staff), ['door_queue']],
      ),
    );
    expect(notice).toEqual({
      position: String(position),
      readModels: ['door_queue', 'waitlist'],
      changes: [
        { kind: 'waitlist', change: 'created', by: 'visitor', count: 1 },
        { kind: 'waitlist', change: 'changed', by: 'system', count: 1 },
        { kind: 'waitlist', change: 'changed', by: 'guest', count: 2 },
        { kind: 'waitlist', change: 'created', by: 'admin', count: 1 },
        { kind: 'waitlist', change: 'changed', by: 'admin', count: 1 },
      ],
    });
  });

  it('is null when no booking list changed (the menu, the gallery, a whitelist entry)', () => {
    expect(bookingNotice(change([recorded('MenuItemAdded', staff), ['menu_items']]))).toBeNull();
  });
});
