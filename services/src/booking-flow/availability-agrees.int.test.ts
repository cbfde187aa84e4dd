import { describe, expect, it } from 'vitest';
import { slotsFor, type Availability } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { dayHolds, doubleBooked, setFloor } from '../../test/floor-booking-kit.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-28 is a Saturday (slots 11:00–22:00).
const DATE = '2026-11-28';

/** A fixed pseudo-random sequence (mulberry32): the same bookings every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('on a floor, availability and the booking agree', () => {
  const { t, send } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };

  it('given a busy day, for 80 guests asking in turn: a time is offered to a party exactly when its booking is accepted', async () => {
    await setFloor(t, send);
    const next = random(48);
    const slots = slotsFor(DATE);
    let accepted = 0;
    for (let n = 0; n < 80; n++) {
      const time = slots[Math.floor(next() * slots.length)]!;
      const partySize = [2, 2, 2, 3, 4, 4, 5, 6, 8, 10][Math.floor(next() * 10)]!;
      const answer = await send('GET', `/api/availability?date=${DATE}&partySize=${partySize}`, undefined, {});
      const offered = answer.json<Availability>().slots.find((s) => s.time === time)!.remaining === partySize;
      const booked = await send(
        'POST',
        '/api/reservations',
        { ...reservationBody, name: `Guest ${n}`, partySize, date: DATE, time },
        visitor,
      );
      expect(booked.statusCode, `guest ${n}: ${partySize} at ${time}, offered: ${offered}`).toBe(offered ? 201 : 409);
      if (offered) accepted++;
    }
    // Some got in and some were refused: the day was really contended.
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(80);
    expect(doubleBooked(await dayHolds(t, DATE))).toEqual([]);
  });
});
