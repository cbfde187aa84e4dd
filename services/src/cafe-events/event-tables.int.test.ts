import { describe, expect, it } from 'vitest';
import {
  EVENT_AREA_OR_TABLES_MESSAGE,
  FULLY_BOOKED_CODE,
  eventAreaUnknownMessage,
  eventTableUnknownMessage,
  eventTablesTakenMessage,
  formatLongDate,
  noTableFitsMessage,
  type Availability,
  type CafeEvent,
  type FloorInput,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { fold } from '../platform/commands/decider.js';
import { holdIn, holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { reconcileSeats, seatSource } from '../seating/index.js';
import { reservationKind } from '../reservations/index.js';
import { partyBookingKind } from '../party-bookings/index.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { appendDirectly } from '../../test/test-app.js';
import { eventSeatSource } from './event-seats.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-20 is a Friday.
const FRIDAY = '2026-11-20';

/** Two two-tops in the main room, two in the back room: a game night may take the back room. */
const FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true },
        { name: '2', minSeats: 1, maxSeats: 2, online: true },
      ],
    },
    {
      name: 'Back room',
      tables: [
        { name: '3', minSeats: 1, maxSeats: 2, online: true },
        { name: '4', minSeats: 1, maxSeats: 2, online: true },
      ],
    },
  ],
};

const night = { title: 'Back room game night', event_date: FRIDAY, event_time: '19:00', length_minutes: 180 };

describe('events on the floor: an event takes its area or its tables for its time', () => {
  const { t, send } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };
  let guests = 0;
  /** A couple booking online at `time` on Friday. */
  const couple = (time: string) => {
    guests++;
    return send(
      'POST',
      '/api/reservations',
      { ...reservationBody, date: FRIDAY, time, partySize: 2, name: `Guest ${guests}`, email: `guest${guests}@example.com` },
      visitor,
    );
  };
  const heldBy = async (id: string) =>
    holdIn(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(FRIDAY)))), id);
  const remainingAt = async (time: string) => {
    const res = await send('GET', `/api/availability?date=${FRIDAY}&partySize=2`, undefined, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Availability>().slots.find((s) => s.time === time)?.remaining;
  };
  let eventId = '';

  it('given a floor, when staff schedule a game night taking the back room, then it holds both its tables for its time', async () => {
    expect((await send('PUT', '/api/admin/floor', FLOOR)).statusCode).toBe(200);
    const res = await send('POST', '/api/admin/events', { ...night, area: 'Back room' });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<CafeEvent>();
    expect(event).toMatchObject({ area: 'Back room', tables: null });
    eventId = event.id;
    // Held before anyone signs up: no seats yet, but the tables.
    expect(await heldBy(eventId)).toMatchObject({ kind: 'event', time: '19:00', holdingMinutes: 180, tables: ['3', '4'] });
  });

  it('given the event holds the back room, when couples book at 7 PM, then they get the main room; a third is refused though the back room is free of bookings', async () => {
    const first = await couple('19:00');
    const second = await couple('19:00');
    expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([201, 201]);
    expect([first.json<{ tables: string[] }>().tables, second.json<{ tables: string[] }>().tables]).toEqual([['1'], ['2']]);
    expect(await remainingAt('19:00')).toBe(0);

    const third = await couple('19:00');
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json()).toMatchObject({ code: FULLY_BOOKED_CODE, message: noTableFitsMessage(2, '19:00') });
  });

  it('given the main room booked at 7 PM, when staff schedule an event asking for table 1 then, then 409 naming the table', async () => {
    const before = (await t.runtime.eventStore.readStream(seatingStream(FRIDAY))).length;
    const res = await send('POST', '/api/admin/events', { ...night, title: 'Quiz', tables: ['1'] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: FULLY_BOOKED_CODE, message: eventTablesTakenMessage(formatLongDate(FRIDAY), '19:00', ['1']) });
    expect((await t.runtime.eventStore.readStream(seatingStream(FRIDAY))).length).toBe(before);
  });

  it('given a floor, when staff name an area or table not on it, or both an area and tables, then 400 with the reason', async () => {
    const cellar = await send('POST', '/api/admin/events', { ...night, area: 'Cellar' });
    expect(cellar.statusCode).toBe(400);
    expect(cellar.json().message).toBe(eventAreaUnknownMessage('Cellar'));
    const nine = await send('POST', '/api/admin/events', { ...night, tables: ['9'] });
    expect(nine.statusCode).toBe(400);
    expect(nine.json().message).toBe(eventTableUnknownMessage('9'));
    const both = await send('POST', '/api/admin/events', { ...night, area: 'Back room', tables: ['3'] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(EVENT_AREA_OR_TABLES_MESSAGE);
  });

  it('given the event narrowed to table 3, when a couple books at 7 PM, then table 4 is theirs', async () => {
    const res = await send('PUT', `/api/admin/events/${eventId}`, { tables: ['3'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CafeEvent>()).toMatchObject({ area: null, tables: ['3'] });
    expect(await heldBy(eventId)).toMatchObject({ tables: ['3'] });

    const booked = await couple('19:00');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<{ tables: string[] }>().tables).toEqual(['4']);
  });

  it('given the event removed, when its tables are looked at, then it holds none', async () => {
    expect((await send('DELETE', `/api/admin/events/${eventId}`)).statusCode).toBe(200);
    expect(await heldBy(eventId)).toBeUndefined();
  });

  it('given a game night with places taking the back room, when guests sign up, then its hold keeps the tables and grows with the places', async () => {
    const res = await send('POST', '/api/admin/events', {
      ...night,
      title: 'Afternoon tournament',
      event_time: '15:00',
      max_attendees: 8,
      area: 'Back room',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CafeEvent>();
    expect(await heldBy(id)).toMatchObject({ partySize: 0, tables: ['3', '4'] });
    const signUp = await send(
      'POST',
      `/api/events/${id}/sign-ups`,
      { date: FRIDAY, name: 'Tess Player', email: 'tess@example.com', phone: '(262) 555-0199', places: 3 },
      visitor,
    );
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(signUp.json()).toMatchObject({ status: 'confirmed' });
    expect(await heldBy(id)).toMatchObject({ partySize: 3, time: '15:00', tables: ['3', '4'] });
  });

  it('given an event holding tables lost from its day, when ops reconcile the seats, then its tables come back with it', async () => {
    const res = await send('POST', '/api/admin/events', {
      ...night,
      title: 'Late quiz',
      event_time: '21:00',
      length_minutes: 60,
      tables: ['1'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<CafeEvent>();
    const ops: CommandContext = {
      actor: { kind: 'system', name: 'ops (test)' },
      correlationId: 'reconcile-tables',
      causationId: 'ops seats reconcile',
    };
    const sources = [seatSource(reservationKind), seatSource(partyBookingKind), eventSeatSource()];
    expect(await reconcileSeats(t.runtime, sources, ops)).toMatchObject({ releasedBookings: 0 });
    expect(await heldBy(id)).toMatchObject({ tables: ['1'] });
    await appendDirectly(t, seatingStream(FRIDAY), { type: 'SeatsReleased', data: { date: FRIDAY, bookingId: id } });
    expect(await heldBy(id)).toBeUndefined();
    await reconcileSeats(t.runtime, sources, ops);
    expect(await heldBy(id)).toMatchObject({ kind: 'event', time: '21:00', holdingMinutes: 60, tables: ['1'] });
  });
});
