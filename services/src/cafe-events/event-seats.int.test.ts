import { describe, expect, it } from 'vitest';
import { FULLY_BOOKED_CODE, type Availability, type EventOccurrence } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { fold } from '../platform/commands/decider.js';
import { reconcileSeats, seatSource } from '../seating/index.js';
import { holdIn, holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { appendDirectly } from '../../test/test-app.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { reservationKind } from '../reservations/index.js';
import { partyBookingKind } from '../party-bookings/index.js';
import { eventSeatSource } from './event-seats.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-20 is a Friday (slots 15:00–21:00).
const FRIDAY = '2026-11-20';
const fullAt = (time12: string) => `Sorry, we are fully booked at ${time12}. Please choose another time.`;

describe('events share the room: a game night holds café seats, tables and sign-ups see each other', () => {
  const { t, send } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };
  const remainingAt = async (time: string, date = FRIDAY) =>
    (await send('GET', `/api/availability?date=${date}`, undefined, {})).json<Availability>().slots.find((s) => s.time === time)?.remaining;
  const schedule = async (body: object) => {
    const res = await send('POST', '/api/admin/events', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; uses_seats: number | null; length_minutes: number | null }>();
  };
  let n = 0;
  const signUp = (eventId: string, places: number, date = FRIDAY) => {
    n++;
    return send(
      'POST',
      `/api/events/${eventId}/sign-ups`,
      { date, name: `Player ${n}`, email: `player${n}@example.com`, phone: `(262) 555-${String(2000 + n)}`, places },
      visitor,
    );
  };
  /** The event's seats on the day, from the seating stream (the authority). */
  const heldBy = async (eventId: string, date = FRIDAY) =>
    holdIn(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))), eventId) ?? null;
  const occurrence = async (eventId: string, date = FRIDAY) =>
    (await send('GET', '/api/events/occurrences', undefined, {}))
      .json<EventOccurrence[]>()
      .find((o) => o.eventId === eventId && o.date === date)!;

  let night: { id: string };

  it('a 7 PM game night with 40 places taken in a 60-seat café leaves 20 for tables at 7 PM (availability and POST)', async () => {
    expect(
      (await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 60, holdingMinutes: 120 })).statusCode,
    ).toBe(200);
    night = await schedule({ title: 'Friday game night', event_date: FRIDAY, event_time: '7:00 PM', price: '$5', max_attendees: 48 });
    expect(night).toMatchObject({ uses_seats: null, length_minutes: null });
    expect(await remainingAt('19:00')).toBe(60);
    for (let i = 0; i < 10; i++) {
      const res = await signUp(night.id, 4);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'confirmed' });
    }
    // The night holds its 40 places as seats from 7 PM for the table-holding time (2 hours, no end given).
    expect(await heldBy(night.id)).toEqual({ bookingId: night.id, kind: 'event', time: '19:00', partySize: 40, holdingMinutes: 120 });
    expect(await remainingAt('19:00')).toBe(20);
    expect(await remainingAt('18:00')).toBe(20); // a 6 PM table would still be seated at 7
    expect(await remainingAt('17:00')).toBe(60); // gone by 7
    expect(await remainingAt('21:00')).toBe(60); // the night is over at 9

    const party = (partySize: number) =>
      send('POST', '/api/party-bookings', { ...partyBody, date: FRIDAY, time: '19:00', partySize }, visitor);
    const tooMany = await party(21);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: fullAt('7:00 PM'), code: FULLY_BOOKED_CODE });
    const fits = await party(20);
    expect(fits.statusCode, fits.body).toBe(201);
    const approved = await send('PATCH', `/api/party-bookings/${fits.json<{ id: string }>().id}/approve`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await remainingAt('19:00')).toBe(0);
  });

  it('with the tables holding the rest, the next sign-up goes to the waitlist though places are left, and /events says so', async () => {
    expect(await occurrence(night.id)).toMatchObject({ capacity: 48, placesTaken: 40, placesLeft: 0, waitlist: 0 });
    const res = await signUp(night.id, 2);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await heldBy(night.id))?.partySize).toBe(40);
    expect(await remainingAt('19:00')).toBe(0);
  });

  it('a sign-up cancelled gives its seats back, first to those waiting; the table then takes what is left', async () => {
    const list = (await send('GET', `/api/admin/events/${night.id}/occurrences/${FRIDAY}`)).json<{ attendees: { id: string }[] }>();
    const cancelled = await send('DELETE', `/api/admin/event-sign-ups/${list.attendees[0]!.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 4 places back: the 2 waiting are promoted (36 + 2 = 38 seats), 2 seats go back to the tables.
    expect(await occurrence(night.id)).toMatchObject({ placesTaken: 38, waitlist: 0, placesLeft: 2 });
    expect((await heldBy(night.id))?.partySize).toBe(38);
    expect(await remainingAt('19:00')).toBe(2);
    const table = await send('POST', '/api/reservations', { ...reservationBody, date: FRIDAY, time: '19:30', partySize: 2 }, visitor);
    expect(table.statusCode, table.body).toBe(201);
    expect((await signUp(night.id, 1)).json()).toMatchObject({ status: 'waitlisted' });
  });

  it('staff moving the night to a time the tables hold are refused with the date and the seats; its seats follow a move that fits', async () => {
    // 8 PM: the party (20, until 9) and the table (2, until 9:30) hold 22 of 60; the night's 38 fit exactly.
    const moved = await send('PUT', `/api/admin/events/${night.id}`, { event_time: '20:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await heldBy(night.id)).toMatchObject({ time: '20:00', partySize: 38 });
    const blocker = await send('POST', '/api/reservations', { ...reservationBody, date: FRIDAY, time: '21:30', partySize: 10 }, visitor);
    expect(blocker.statusCode, blocker.body).toBe(201);
    // Three hours from 8 PM reach the 9:30 table of 10: the tables' peak stays 22 (at 8), so the night's 38 still fit.
    const longer = await send('PUT', `/api/admin/events/${night.id}`, { length_minutes: 180 });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(await heldBy(night.id)).toMatchObject({ time: '20:00', holdingMinutes: 180 });
    const back = await send('PUT', `/api/admin/events/${night.id}`, { event_time: '19:00', uses_seats: 45 });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      message:
        "Not enough seats on Friday, November 20, 2026 at 7:00 PM: 38 of the café's 60 seats are free then and this event needs 45. Give it fewer seats (0 if it is held in another room) or another time.",
      code: FULLY_BOOKED_CODE,
    });
    expect(await heldBy(night.id)).toMatchObject({ time: '20:00', partySize: 38 });
  });

  it('"uses N seats": a tournament holds its fixed seats from the moment it is scheduled; 0 (another room) holds none', async () => {
    const SATURDAY = '2026-11-21';
    const tournament = await schedule({
      title: 'Catan tournament',
      event_date: SATURDAY,
      event_time: '13:00',
      uses_seats: 30,
      length_minutes: 240,
    });
    expect(tournament).toMatchObject({ uses_seats: 30, length_minutes: 240 });
    expect(await heldBy(tournament.id, SATURDAY)).toMatchObject({ kind: 'event', time: '13:00', partySize: 30, holdingMinutes: 240 });
    expect(await remainingAt('15:00', SATURDAY)).toBe(30);
    expect(await remainingAt('17:00', SATURDAY)).toBe(60);
    const upstairs = await schedule({
      title: 'Painting night',
      event_date: SATURDAY,
      event_time: '13:00',
      uses_seats: 0,
      max_attendees: 30,
    });
    expect((await signUp(upstairs.id, 4, SATURDAY)).json()).toMatchObject({ status: 'confirmed' });
    expect(await heldBy(upstairs.id, SATURDAY)).toBeNull();
    expect(await remainingAt('15:00', SATURDAY)).toBe(30);
    // Another room can become this one only if the seats are free: 35 are asked, 30 are free.
    const refused = await send('PUT', `/api/admin/events/${upstairs.id}`, { uses_seats: 35 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Not enough seats on Saturday, November 21, 2026 at 1:00 PM: 30 of the café's 60 seats are free/,
    );
    // Removing the tournament gives its seats back.
    expect((await send('DELETE', `/api/admin/events/${tournament.id}`)).statusCode).toBe(200);
    expect(await heldBy(tournament.id, SATURDAY)).toBeNull();
    expect(await remainingAt('15:00', SATURDAY)).toBe(60);
  });

  it("ops seats reconcile counts the events' seats (never releases them) and puts back what an event lost", async () => {
    const ops: CommandContext = { actor: { kind: 'system', name: 'ops (test)' }, correlationId: 'c', causationId: 'ops seats reconcile' };
    const sources = [seatSource(reservationKind), seatSource(partyBookingKind), eventSeatSource()];
    expect(await reconcileSeats(t.runtime, sources, ops)).toMatchObject({ datesChanged: 0, releasedBookings: 0 });
    // A crash's leftover: the night's seats are gone from its day.
    await appendDirectly(t, seatingStream(FRIDAY), { type: 'SeatsReleased', data: { date: FRIDAY, bookingId: night.id } });
    expect(await heldBy(night.id)).toBeNull();
    expect(await reconcileSeats(t.runtime, sources, ops)).toMatchObject({ releasedBookings: 0, reservedBookings: 1, reservedSeats: 38 });
    expect(await heldBy(night.id)).toMatchObject({ kind: 'event', time: '20:00', partySize: 38, holdingMinutes: 180 });
    expect(await reconcileSeats(t.runtime, sources, ops)).toMatchObject({ datesChanged: 0 });
  });
});
