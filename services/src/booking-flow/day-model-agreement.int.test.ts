import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_OPENING_HOURS, slotsFor, WEEKDAYS, type Availability, type DayHours, type OpeningHours } from '@cafe/contracts';
import { createTestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

/**
 * One model of the café's day, checked as a property: for random weekly hours, holiday hours, closures
 * and a game night holding seats, every path agrees date by date with the model (contracts' slotsFor
 * over the hours, nothing on a closed date, the seats the availability says are left): the slots API,
 * a guest's POST, a staff change, a guest's change through their link and an event sign-up. Seeded, so
 * a failing round is replayed by its seed (printed in the test's name).
 */
const TODAY = '2026-11-18'; // the test clock: Wednesday, 10:00 AM in Chicago
const DAYS = 14;
const SEEDS = [7, 1_846, 90_210];

/** mulberry32: a small seeded generator, so each round is the same on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

function randomDay(r: ReturnType<typeof random>): DayHours {
  if (r.next() < 0.2) return { closed: true, open: '', close: '' };
  const open = r.pick(['08:00', '09:30', '11:00', '12:00', '15:00', '16:30']);
  const close = r.pick(['17:00', '20:00', '22:00', '23:00', '24:00'].filter((c) => minutes(c) - minutes(open) >= 150));
  return { closed: false, open, close };
}

describe.each(SEEDS)('the day model and every path agree (seed %i)', (seed) => {
  it('slots, POST, staff change, guest change and sign-up, date by date', async () => {
    const r = random(seed);
    const t = await createTestApp();
    try {
      const session = await signInAdmin(t);
      const staff = client(t, session);
      const visitor = client(t);
      const put = (url: string, body: object) => t.app.inject({ method: 'PUT', url, headers: session.headers, payload: body });
      const dates = Array.from({ length: DAYS }, (_, i) => addDays(TODAY, i + 1));

      // The café's week, a holiday with other hours, a closed holiday, a blocked date, its seats.
      const [otherHours, closedHoliday, blocked] = [r.pick(dates.slice(0, 4)), r.pick(dates.slice(4, 9)), r.pick(dates.slice(9))];
      const hours: OpeningHours = {
        ...DEFAULT_OPENING_HOURS,
        week: Object.fromEntries(WEEKDAYS.map((d) => [d, randomDay(r)])) as OpeningHours['week'],
        lastSeatingMinutes: r.pick([0, 30, 60, 90]),
        exceptions: [
          { date: otherHours, closed: false, open: '11:00', close: '16:00' },
          { date: closedHoliday, closed: true, open: '', close: '', note: 'Family day' },
        ],
      };
      const capacity = r.int(12, 30);
      const saved = await put('/api/admin/business-info', {
        name: 'Meeple Haven',
        openingHours: hours,
        seatCapacity: capacity,
        holdingMinutes: 120,
        bookings: 'keep',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await staff.post('/api/admin/blocked-dates', { date: blocked, reason: 'Private event' })).statusCode).toBe(201);
      const closed = new Set([closedHoliday, blocked]);
      /** The model: the hours' slots, none on a closed date. */
      const model = (date: string) => (closed.has(date) ? [] : slotsFor(date, hours));

      // A game night on an open date, holding the places its sign-ups take.
      const nightDate = r.pick(dates.filter((d) => model(d).length > 0));
      const nightTime = r.pick(model(nightDate));
      const clock12 = (time: string) => {
        const h = Number(time.slice(0, 2));
        return `${h % 12 === 0 ? 12 : h % 12}:${time.slice(3)} ${h >= 12 ? 'PM' : 'AM'}`;
      };
      const night = await staff.post('/api/admin/events', {
        title: 'Game night',
        event_date: nightDate,
        event_time: clock12(nightTime),
        price: '$5',
        max_attendees: 12,
      });
      expect(night.statusCode, night.body).toBe(201);
      const nightId = night.json<{ id: string }>().id;
      const signUp = (date: string, n: number, eventId = nightId) =>
        visitor.post(`/api/events/${eventId}/sign-ups`, {
          date,
          name: `Player ${n}`,
          email: `player${n}@example.com`,
          phone: `(262) 555-${String(3000 + n)}`,
          places: 2,
        });
      for (let n = 0; n < r.int(1, 4); n++) expect((await signUp(nightDate, n)).statusCode).toBe(201);

      const availability = async (date: string) => (await visitor.get(`/api/availability?date=${date}`)).json<Availability>();
      const remaining = async (date: string, time: string) => (await availability(date)).slots.find((s) => s.time === time)?.remaining;

      let guest = 0;
      for (const date of dates) {
        const slots = model(date);
        // The slots API lists exactly the model's slots.
        expect(
          (await availability(date)).slots.map((s) => s.time),
          `${date} slots`,
        ).toEqual(slots);

        // A guest's POST: refused on a closed date and outside the hours; within them, seats decide, as the availability says.
        if (slots.length === 0) {
          const time = slotsFor(date, hours)[0] ?? '15:00';
          const res = await visitor.post('/api/reservations', { ...reservationBody, date, time });
          expect([400, 409], `${date} closed: ${res.body}`).toContain(res.statusCode);
          continue;
        }
        const outside = ['07:00', '23:30'].find((time) => !slots.includes(time));
        if (outside) expect((await visitor.post('/api/reservations', { ...reservationBody, date, time: outside })).statusCode).toBe(400);
        const time = r.pick(slots);
        const left = (await remaining(date, time))!;
        if (left >= 1 && left <= 9) {
          const tooMany = await visitor.post('/api/reservations', { ...reservationBody, date, time, partySize: left + 1 });
          expect(tooMany.statusCode, `${date} ${time}: ${left} left`).toBe(409);
        }
        if (left < 2) continue;
        const size = Math.min(left, r.int(2, 4));
        const email = `guest${++guest}@example.com`;
        const booked = await visitor.post('/api/reservations', { ...reservationBody, email, date, time, partySize: size });
        expect(booked.statusCode, `${date} ${time}: ${left} left, ${size} booked: ${booked.body}`).toBe(201);
        expect(await remaining(date, time)).toBe(left - size);
        const id = booked.json<{ id: string }>().id;

        // A staff change to another date and time: accepted exactly where the model and the seats allow it.
        const to = r.pick(dates);
        const toTime = r.pick(slotsFor(to, hours).length ? slotsFor(to, hours) : ['15:00']);
        // (On its own date the booking's seats move with it, which the availability cannot say: only other dates are asserted.)
        const fits = model(to).includes(toTime) && ((await remaining(to, toTime)) ?? 0) >= size;
        const moved = await staff.patch(`/api/reservations/${id}`, { date: to, time: toTime });
        if (to !== date) expect(moved.statusCode < 300, `staff move ${date} → ${to} ${toTime}: ${moved.body}`).toBe(fits);

        // A guest's change through their link: the same answer for the same question.
        await notificationsOf(t.runtime)!.idle();
        const link = manageLinkOf(mailsTo(await outboxMails(t.dataDir), email)[0]!);
        const token = new URL(link!).searchParams.get('token')!;
        const at = (await visitor.get(`/api/guest-bookings/${token}`)).json<{ date: string; time: string }>();
        const back = r.pick(dates);
        const backTime = r.pick(slotsFor(back, hours).length ? slotsFor(back, hours) : ['15:00']);
        if (back === at.date) continue;
        const guestFits = model(back).includes(backTime) && ((await remaining(back, backTime)) ?? 0) >= size;
        const changed = await visitor.patch(`/api/guest-bookings/${token}`, { date: back, time: backTime });
        expect(changed.statusCode < 300, `guest move ${at.date} → ${back} ${backTime}: ${changed.body}`).toBe(guestFits);
      }

      // An event on each closed date (in another room: it takes no seats) takes no sign-ups; the night's date still does.
      for (const [n, date] of [closedHoliday, blocked].entries()) {
        const other = await staff.post('/api/admin/events', {
          title: `Tournament ${n}`,
          event_date: date,
          event_time: '7:00 PM',
          price: '$5',
          max_attendees: 12,
          uses_seats: 0,
        });
        expect(other.statusCode, other.body).toBe(201);
        const refused = await signUp(date, 90 + n, other.json<{ id: string }>().id);
        expect(refused.statusCode, `${date} sign-up: ${refused.body}`).toBe(409);
      }
      expect((await signUp(nightDate, 92)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  }, 60_000);
});
