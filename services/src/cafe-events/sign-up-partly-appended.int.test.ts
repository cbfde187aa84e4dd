import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/auth.js';
import { client, type Client } from '../../test/booking-test-kit.js';
import { anotherWriterFirst, appAppendingStreamByStream } from '../../test/stream-by-stream-app.js';
import type { TestApp } from '../../test/test-app.js';
import type { FakeEventStoreDbServer } from '../platform/event-store/eventstoredb-fake-server.js';
import { fold } from '../platform/commands/decider.js';
import { holdIn, holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';
import { signUpStream } from './sign-up-decider.js';

/**
 * Issue 51 M1 for game nights: a sign-up's cancel appends the sign-up, then the date's occurrence (places
 * given back, the waitlist promoted), the promoted sign-ups and the event's seats, one after the other
 * on EventStoreDB 24.10. When the occurrence conflicts (another guest signed up meanwhile), the cancel
 * stays stored and the rest is decided on the occurrence as it is now: places back, waitlist promoted.
 */
const FRIDAY = '2026-11-20';

let t: TestApp;
let server: FakeEventStoreDbServer;
let admin: Client;
let n = 0;

beforeAll(async () => {
  ({ t, server } = await appAppendingStreamByStream());
  admin = client(t, await signInAdmin(t));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const signUp = async (eventId: string, places: number) => {
  n++;
  const guest = { date: FRIDAY, name: `Player ${n}`, email: `player${n}@example.com`, phone: `(262) 555-${String(3000 + n)}`, places };
  const res = await client(t).post(`/api/events/${eventId}/sign-ups`, guest);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; status: string }>();
};
const types = async (stream: string) => (await t.runtime.eventStore.readStream(stream)).map((e) => e.type);

describe('on a store that appends stream by stream, a sign-up cancel whose occurrence conflicts is finished', () => {
  it('when another guest signs up while a confirmed sign-up is cancelled, then it answers 200, gives the places back and promotes the waitlist', async () => {
    const scheduled = await admin.post('/api/admin/events', {
      title: 'Friday game night',
      event_date: FRIDAY,
      event_time: '7:00 PM',
      price: '$5',
      max_attendees: 4,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const night = scheduled.json<{ id: string }>().id;
    const leaving = await signUp(night, 4);
    const waiting = await signUp(night, 2);
    expect([leaving.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);

    let late = { id: '', status: '' };
    const happened = anotherWriterFirst(server, occurrenceStream(night, FRIDAY), async () => {
      late = await signUp(night, 1);
    });
    const cancelled = await admin.delete(`/api/admin/event-sign-ups/${leaving.id}`);
    expect(happened()).toBe(true);
    expect(late.status).toBe('waitlisted');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: leaving.id, promoted: [waiting.id, late.id] });

    const occurrence = fold(occurrenceDecider, await t.runtime.eventStore.readStream(occurrenceStream(night, FRIDAY)));
    expect(occurrence).toMatchObject({ taken: 3, waitlist: [] });
    expect(occurrence.confirmed.map((c) => c.signUpId)).toEqual([waiting.id, late.id]);
    expect(await types(signUpStream(leaving.id))).toEqual(['EventSignedUp', 'EventSignUpCancelled']);
    expect(await types(signUpStream(waiting.id))).toEqual(['EventSignedUp', 'EventSignUpPromoted']);
    expect(await types(signUpStream(late.id))).toEqual(['EventSignedUp', 'EventSignUpPromoted']);
    // The night's seats follow its places: 3 held from 7 PM.
    const held = holdIn(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(FRIDAY)))), night);
    expect(held).toMatchObject({ kind: 'event', time: '19:00', partySize: 3 });
  });
});
