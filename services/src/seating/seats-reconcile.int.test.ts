import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Availability } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { appendDirectly } from '../../test/test-app.js';
import { reservationBody, partyBody } from '../../test/booking-test-kit.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import { holdsOf, seatingDecider, seatingStream } from '../cafe-day/seating-decider.js';
import { describeReconciliation } from './seats-ops.js';
import { reconcileSeats, seatSource } from './seat-reconciliation.js';
import { reservationKind } from '../reservations/index.js';
import { partyBookingKind } from '../party-bookings/index.js';

const reconcileAllSeats = (runtime: CommandRuntime, context: CommandContext) =>
  reconcileSeats(runtime, [seatSource(reservationKind), seatSource(partyBookingKind)], context);

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-21 is a Saturday (slots 11:00–22:00).
const DATE = '2026-11-21';
const ops: CommandContext = { actor: { kind: 'system', name: 'ops (test)' }, correlationId: 'c', causationId: 'ops seats reconcile' };
const LONG_AGO = { occurredAt: '2026-11-10T12:00:00.000Z' };

describe('ops seats reconcile', () => {
  const { t, send } = useAdminApp();
  const remainingAt = async (time: string) =>
    (await send('GET', `/api/availability?date=${DATE}`, undefined, {})).json<Availability>().slots.find((s) => s.time === time)!.remaining;
  const held = async (date = DATE) =>
    Object.values(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))));
  const seatEvents = async () => (await t.runtime.eventStore.readAll()).filter((e) => e.streamId.startsWith('seating-')).length;

  /** A booking as stored before seats existed: straight to its stream, no seat event anywhere. */
  const legacyReservation = async (details: { date?: string; time: string; partySize: number }) => {
    const id = randomUUID();
    const data = { ...reservationBody, ...details, reservationId: id, source: 'public' };
    await appendDirectly(t, `reservation-${id}`, { type: 'ReservationRequested', data }, LONG_AGO);
    return id;
  };
  /** Seats a crash left behind (reserved, then the booking's append never happened or was undone). */
  const strayHold = (bookingId: string, time: string, partySize: number, metadata = LONG_AGO) =>
    appendDirectly(
      t,
      seatingStream(DATE),
      { type: 'SeatsReserved', data: { date: DATE, bookingId, kind: 'reservation', time, partySize, holdingMinutes: 120, capacity: 20 } },
      metadata,
    );

  it('backfills legacy bookings, releases stray seats, and a second run changes nothing', async () => {
    expect(
      (await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 20, holdingMinutes: 120 })).statusCode,
    ).toBe(200);
    // A booking made since the feature holds its seats already: it must stay as it is.
    expect((await send('POST', '/api/reservations', { ...reservationBody, time: '15:00', partySize: 2 })).statusCode).toBe(201);

    const a = await legacyReservation({ time: '11:00', partySize: 6 });
    const c = await legacyReservation({ time: '11:00', partySize: 4 });
    await legacyReservation({ date: '2026-11-17', time: '11:00', partySize: 8 }); // yesterday: left alone
    const cancelled = await legacyReservation({ time: '11:00', partySize: 4 });
    await appendDirectly(t, `reservation-${cancelled}`, { type: 'ReservationCancelled', data: { reservationId: cancelled } }, LONG_AGO);
    const moved = await legacyReservation({ time: '11:00', partySize: 3 });
    await appendDirectly(
      t,
      `reservation-${moved}`,
      { type: 'ReservationChanged', data: { reservationId: moved, date: '2026-11-22' } },
      LONG_AGO,
    );
    const party = randomUUID();
    const partyData = { ...partyBody, date: DATE, time: '11:30', partySize: 12, partyBookingId: party, source: 'public' };
    await appendDirectly(t, `partyBooking-${party}`, { type: 'PartyBookingRequested', data: partyData }, LONG_AGO);
    const decision = { partyBookingId: party, approvedBy: 'owner@example.com', approvedAt: LONG_AGO.occurredAt };
    await appendDirectly(t, `partyBooking-${party}`, { type: 'PartyBookingApproved', data: decision }, LONG_AGO);
    const pending = randomUUID();
    const pendingData = { ...partyBody, date: DATE, time: '17:00', partySize: 10, partyBookingId: pending, source: 'public' };
    await appendDirectly(t, `partyBooking-${pending}`, { type: 'PartyBookingRequested', data: pendingData }, LONG_AGO);
    await strayHold(randomUUID(), '13:00', 5); // its booking was never stored
    await strayHold(cancelled, '11:00', 4);
    await strayHold(moved, '11:00', 3);

    // Before: the legacy bookings hold nothing, the strays hold 5 at 13:00 and 7 at 11:00.
    expect(await remainingAt('11:00')).toBe(13);
    expect(await remainingAt('13:00')).toBe(15);

    const first = await reconcileAllSeats(t.runtime, ops);
    expect(first).toEqual({
      from: '2026-11-18',
      datesChecked: 2,
      datesChanged: 2,
      reservedBookings: 4,
      reservedSeats: 25,
      overCapacity: 1,
      releasedBookings: 3,
      releasedSeats: 12,
      inFlight: 0,
    });
    // 6 + 4 from 11:00 and the party's 12 from 11:30 are 22 of 20: the party is recorded over capacity.
    expect(await remainingAt('11:00')).toBe(0);
    expect(await remainingAt('13:00')).toBe(8); // the party until 13:30, the stray gone
    expect(await remainingAt('13:30')).toBe(18); // the 15:00 booking of 2
    expect(await remainingAt('17:00')).toBe(20); // a pending party holds nothing
    const ids = (await held()).map((h) => h.bookingId);
    expect(ids).toHaveLength(4); // and the booking made since the feature
    expect(ids).toEqual(expect.arrayContaining([a, c, party]));
    const partyHold = (await t.runtime.eventStore.readStream(seatingStream(DATE))).find(
      (e) => e.type === 'SeatsReserved' && (e.data as { bookingId: string }).bookingId === party,
    )!;
    expect(partyHold.data).toMatchObject({ kind: 'party', partySize: 12, overCapacity: true });
    expect(partyHold.metadata.actor).toEqual({ kind: 'system', name: 'ops (test)' });
    expect((await held('2026-11-22')).map((h) => [h.bookingId, h.partySize])).toEqual([[moved, 3]]);
    expect(await held('2026-11-17')).toEqual([]);

    const count = await seatEvents();
    const second = await reconcileAllSeats(t.runtime, ops);
    expect(second).toMatchObject({ datesChecked: 2, datesChanged: 0, reservedBookings: 0, releasedBookings: 0 });
    expect(describeReconciliation(second)).toBe(
      "2 date(s) checked from 2026-11-18: every day's seats already agree with the bookings; nothing changed.",
    );
    expect(await seatEvents()).toBe(count);
    expect(await remainingAt('11:00')).toBe(0);
  });

  it('leaves seats reserved moments ago for a booking not stored yet (in flight), and releases them once stale', async () => {
    const inFlight = randomUUID();
    await strayHold(inFlight, '19:00', 1, { occurredAt: t.clock.now().toISOString() });
    expect(await reconcileAllSeats(t.runtime, ops)).toMatchObject({ datesChanged: 0, inFlight: 1 });
    expect((await held()).some((h) => h.bookingId === inFlight)).toBe(true);
    t.clock.advance(3 * 60_000);
    expect(await reconcileAllSeats(t.runtime, ops)).toMatchObject({ datesChanged: 1, releasedBookings: 1, releasedSeats: 1, inFlight: 0 });
    expect((await held()).some((h) => h.bookingId === inFlight)).toBe(false);
  });
});
