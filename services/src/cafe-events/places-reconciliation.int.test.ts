import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { appendDirectly } from '../../test/test-app.js';
import { fold } from '../platform/commands/decider.js';
import { holdIn, holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';
import { signUpStream } from './sign-up-decider.js';
import { placesReconcilerOf } from './places-reconciliation.js';

/**
 * Issue 51 M1: a game night's places have a reconcile as seats do. A cancel whose occurrence append never
 * landed leaves the cancelled sign-up's places taken and the waitlist waiting; the periodic reconcile
 * (where the projections run) gives them back, promotes the waitlist and logs the repair.
 */
// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-20 is a Friday.
const FRIDAY = '2026-11-20';

const logged: { msg: string; eventId?: string; date?: string; released?: string[]; promoted?: string[]; told?: string[] }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(line: Buffer, _encoding, done) {
      logged.push(JSON.parse(line.toString()) as (typeof logged)[number]);
      done();
    },
  }),
);
const repairs = () => logged.filter((l) => l.msg.startsWith('places repaired'));

describe('the periodic places reconcile', () => {
  const { t, send } = useAdminApp({ logger });
  let n = 0;
  const signUp = async (eventId: string, places: number) => {
    n++;
    const guest = { date: FRIDAY, name: `Player ${n}`, email: `player${n}@example.com`, phone: `(262) 555-${String(4000 + n)}`, places };
    const res = await send('POST', `/api/events/${eventId}/sign-ups`, guest, { origin: t.config.publicUrl });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; status: string }>();
  };
  const occurrence = async (eventId: string) =>
    fold(occurrenceDecider, await t.runtime.eventStore.readStream(occurrenceStream(eventId, FRIDAY)));
  const types = async (stream: string) => (await t.runtime.eventStore.readStream(stream)).map((e) => e.type);
  let night = '';

  it('when a cancelled sign-up still holds its places (a planted leak), then a pass gives them back, promotes the waitlisted guest and logs it', async () => {
    const scheduled = await send('POST', '/api/admin/events', {
      title: 'Friday game night',
      event_date: FRIDAY,
      event_time: '7:00 PM',
      price: '$5',
      max_attendees: 4,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    night = scheduled.json<{ id: string }>().id;
    const leaving = await signUp(night, 4);
    const waiting = await signUp(night, 2);
    expect([leaving.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);
    // The cancel's sign-up stream landed; its occurrence, promotion and seats never did.
    await appendDirectly(t, signUpStream(leaving.id), {
      type: 'EventSignUpCancelled',
      data: { signUpId: leaving.id, eventId: night, date: FRIDAY, by: 'guest', was: 'confirmed' },
    });
    expect(await occurrence(night)).toMatchObject({ taken: 4, waitlist: [{ signUpId: waiting.id, places: 2 }] });

    const reconciler = placesReconcilerOf(t.runtime)!;
    expect(reconciler).toBeDefined();
    await reconciler.runOnce();
    expect(await occurrence(night)).toMatchObject({ taken: 2, confirmed: [{ signUpId: waiting.id, places: 2 }], waitlist: [] });
    expect(await types(signUpStream(waiting.id))).toEqual(['EventSignedUp', 'EventSignUpPromoted']);
    // The night's seats follow its places.
    const held = holdIn(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(FRIDAY)))), night);
    expect(held).toMatchObject({ kind: 'event', partySize: 2 });
    expect(repairs()).toEqual([
      expect.objectContaining({ eventId: night, date: FRIDAY, released: [leaving.id], promoted: [waiting.id], told: [] }),
    ]);

    logged.length = 0;
    await reconciler.runOnce();
    expect(repairs()).toEqual([]);
  });

  it('leaves places taken moments ago for a sign-up not stored yet (in flight), and gives them back once stale', async () => {
    const ghost = randomUUID();
    await appendDirectly(t, occurrenceStream(night, FRIDAY), {
      type: 'EventPlacesTaken',
      data: { signUpId: ghost, eventId: night, date: FRIDAY, places: 1 },
    });
    logged.length = 0;
    const reconciler = placesReconcilerOf(t.runtime)!;
    await reconciler.runOnce();
    expect((await occurrence(night)).taken).toBe(3);
    expect(repairs()).toEqual([]);
    t.clock.advance(3 * 60_000);
    await reconciler.runOnce();
    expect((await occurrence(night)).taken).toBe(2);
    expect(repairs()).toEqual([expect.objectContaining({ released: [ghost], promoted: [] })]);
  });
});
