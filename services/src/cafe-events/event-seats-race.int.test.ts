import { describe, expect, it } from 'vitest';
import { addDays, slotsFor, type SeatingEvent } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { fold } from '../platform/commands/decider.js';
import { holdIn, holdsOf, seatingDecider, seatingStream, type SeatingState } from '../cafe-day/index.js';
import { peakSeated } from '../cafe-day/seats.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const visitor = client(t);

const ROUNDS = 20;
const RACERS = 50;
const CAPACITY = 60;
/** Seats taken before each round's race: tables 30, the night's sign-ups 20; 10 are left. */
const LEFT = 10;

/** The most people the day seats at any moment, over the whole day. */
const mostSeated = (state: SeatingState) => peakSeated(Object.values(holdsOf(state)), '00:00', 48 * 60);

/** Twenty dates from the test clock's Friday on whose slots include 6:30, 7:00 and 7:30 PM. */
function raceDates(): string[] {
  const dates: string[] = [];
  for (let date = '2026-11-20'; dates.length < ROUNDS; date = addDays(date, 1)) {
    const slots = slotsFor(date);
    if (['18:30', '19:00', '19:30'].every((s) => slots.includes(s))) dates.push(date);
  }
  return dates;
}

describe('a game night and the tables racing for the last seats', () => {
  it(`${RACERS} concurrent sign-ups and table bookings for the last ${LEFT} seats never seat more than the café's ${CAPACITY} (${ROUNDS} rounds)`, async () => {
    const seats = await suite.send('PUT', '/api/admin/business-info', {
      name: 'Meeple Haven',
      seatCapacity: CAPACITY,
      holdingMinutes: 120,
    });
    expect(seats.statusCode).toBe(200);
    const problems: string[] = [];
    let [tables, seatedAtTables, confirmed, waitlisted, refused] = [0, 0, 0, 0, 0];
    for (const [round, date] of raceDates().entries()) {
      // 60 places: only the seats can stop a sign-up here.
      const created = await admin.post('/api/admin/events', {
        title: `Night ${round}`,
        event_date: date,
        event_time: '19:00',
        max_attendees: 60,
      });
      expect(created.statusCode).toBe(201);
      const eventId = (created.json() as { id: string }).id;
      let n = 0;
      const signUp = (places: number) => {
        n++;
        return visitor.post(`/api/events/${eventId}/sign-ups`, {
          date,
          name: `Player ${round}-${n}`,
          email: `player-${round}-${n}@example.com`,
          phone: `(262) 555-${String(1000 + n)}`,
          places,
        });
      };
      const table = (time: string, partySize: number) =>
        visitor.post('/api/reservations', {
          ...reservationBody,
          name: `Table ${round}-${++n}`,
          email: `table-${round}-${n}@example.com`,
          date,
          time,
          partySize,
        });
      for (let i = 0; i < 3; i++) expect((await table('19:00', 10)).statusCode).toBe(201);
      for (let i = 0; i < 5; i++) expect((await signUp(4)).json()).toMatchObject({ status: 'confirmed' });

      // Sign-ups and tables (6:30, 7:00 and 7:30 PM, each overlapping the night).
      const racers: { kind: 'signUp' | 'table'; size: number; answer: ReturnType<typeof signUp> }[] = [];
      for (let i = 0; i < RACERS; i++) {
        const size = 2 + ((i + round) % 3);
        if ((i + round) % 2 === 0) racers.push({ kind: 'signUp', size, answer: signUp(size) });
        else racers.push({ kind: 'table', size, answer: table(['18:30', '19:00', '19:30'][i % 3]!, size) });
        // Odd rounds: one turn of the event loop apart; even rounds: all at once.
        if (round % 2 === 1) await new Promise((r) => setImmediate(r));
      }
      let [roundTables, roundPlaces] = [0, 0];
      for (const racer of racers) {
        const res = await racer.answer;
        if (racer.kind === 'table') {
          if (res.statusCode === 201) {
            tables++;
            roundTables += racer.size;
          } else {
            refused++;
            expect(res.statusCode, res.body).toBe(409);
            expect((res.json() as { message: string }).message).toMatch(
              /^Sorry, we are fully booked at \d+:\d\d PM\. Please choose another time\.$/,
            );
          }
          continue;
        }
        expect(res.statusCode, res.body).toBe(201);
        const { status } = res.json() as { status: string };
        if (status === 'confirmed') {
          confirmed++;
          roundPlaces += racer.size;
        } else waitlisted++;
      }
      seatedAtTables += roundTables;

      // The day's seating stream, the authority: at no prefix of it does the café seat more than its capacity.
      const day = await t.runtime.eventStore.readStream(seatingStream(date));
      let state = seatingDecider.initialState();
      for (const event of day) {
        state = seatingDecider.evolve(state, { type: event.type, data: event.data } as SeatingEvent);
        if ((event.data as { overCapacity?: boolean }).overCapacity) problems.push(`round ${round}: ${event.type} over capacity`);
        const seated = mostSeated(state);
        if (seated > CAPACITY) problems.push(`round ${round}: ${seated} seated at revision ${event.revision}`);
      }
      // The night holds exactly its confirmed places, and every place and seat won is in the stream.
      const occurrence = fold(occurrenceDecider, await t.runtime.eventStore.readStream(occurrenceStream(eventId, date)));
      const night = holdIn(holdsOf(state), eventId);
      if (night?.partySize !== occurrence.taken)
        problems.push(`round ${round}: night holds ${night?.partySize}, ${occurrence.taken} confirmed`);
      if (occurrence.taken !== 20 + roundPlaces) problems.push(`round ${round}: ${occurrence.taken} places, answered ${20 + roundPlaces}`);
      const tablesHeld = Object.values(holdsOf(state)).filter((h) => h.kind === 'reservation');
      if (tablesHeld.reduce((s, h) => s + h.partySize, 0) !== 30 + roundTables)
        problems.push(`round ${round}: tables held differ from 201s`);
      // The race was for the last seats: what was won fits in them (a seat may stay free for want of a small enough racer).
      if (roundTables + roundPlaces > LEFT) problems.push(`round ${round}: ${roundTables + roundPlaces} seats won of ${LEFT}`);
      if (roundTables + roundPlaces < LEFT - 1) problems.push(`round ${round}: only ${roundTables + roundPlaces} of ${LEFT} seats won`);
      // The availability (the read model) agrees: nothing left at 7 PM but what nobody could take.
      const slots = (await visitor.get(`/api/availability?date=${date}`)).json() as { slots: { time: string; remaining: number }[] };
      const at7 = slots.slots.find((s) => s.time === '19:00')!.remaining;
      if (at7 !== LEFT - roundTables - roundPlaces) problems.push(`round ${round}: availability says ${at7} left at 7 PM`);
    }
    expect(problems).toEqual([]);
    console.log(
      `event seats race: ${tables} tables (${seatedAtTables} people) and ${confirmed} sign-ups won seats, ${refused} tables refused, ${waitlisted} sign-ups waitlisted`,
    );
    // Both sides won and lost: it was a race, in both directions.
    expect(tables).toBeGreaterThan(0);
    expect(confirmed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(waitlisted).toBeGreaterThan(0);
  }, 180_000);
});
