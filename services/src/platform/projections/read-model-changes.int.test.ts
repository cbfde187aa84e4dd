import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { client, reservationBody } from '../../../test/booking-test-kit.js';
import type { EventStore, SubscribeOptions } from '../event-store/event-store.js';
import { allProjections } from '../runtime/runtime.js';
import { ReadModelChanges, type ReadModelChange } from './read-model-changes.js';

/** The embedded event store, counting the subscriptions opened and closed through it. */
function counting(store: EventStore) {
  const counts = { opened: 0, closed: 0, last: null as SubscribeOptions | null };
  const wrapped: EventStore = Object.create(store) as EventStore;
  wrapped.subscribeToAll = (handler, options) => {
    counts.opened++;
    counts.last = options ?? null;
    const subscription = store.subscribeToAll(handler, options);
    return {
      close: async () => {
        counts.closed++;
        await subscription.close();
      },
    };
  };
  return { store: wrapped, counts };
}

describe('ReadModelChanges: "a read model changed", followed only while someone listens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const book = async (n = 1) => {
    const answers = await Promise.all(Array.from({ length: n }, () => client(t).post('/api/reservations', reservationBody)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    return answers.map((a) => (a.json() as { id: string }).id);
  };

  it('opens no subscription while nobody listens, one for any number of listeners, and closes it after the last', async () => {
    const { store, counts } = counting(t.runtime.eventStore);
    const changes = new ReadModelChanges(store, t.runtime.readModels, allProjections(t.runtime.features));
    await book();
    expect(counts.opened).toBe(0);

    const a = await changes.listen(() => undefined);
    const b = await changes.listen(() => undefined);
    expect(counts.opened).toBe(1);
    expect(a.position).toBe(await t.runtime.eventStore.headPosition());
    await a.stop();
    expect(counts.closed).toBe(0);
    await b.stop();
    expect(counts.closed).toBe(1);
    expect(changes.listening).toBe(0);

    const c = await changes.listen(() => undefined);
    expect(counts.opened).toBe(2);
    await c.stop();
  });

  // Each booking also takes its seats on the day's seating stream first: those are announced too.
  const bookingsIn = (change: ReadModelChange) => change.events.filter((e) => e.event.type === 'ReservationRequested');

  it('announces each booking once its read models hold it, a burst in as few announcements as it takes', async () => {
    const changes = new ReadModelChanges(t.runtime.eventStore, t.runtime.readModels, allProjections(t.runtime.features));
    const received: ReadModelChange[] = [];
    const held: boolean[] = [];
    const listening = await changes.listen((change) => {
      received.push(change);
      const ids = bookingsIn(change).map((e) => (e.event.data as { reservationId: string }).reservationId);
      // Read synchronously, as the notice is sent: the list already shows every booking announced.
      const docs = ids.map((id) => t.runtime.documents.collection('reservations').peek?.(id) ?? null);
      held.push(docs.every((d) => d !== null));
    });
    const ids = await book(5);
    await expect.poll(() => received.flatMap(bookingsIn).length, { timeout: 3000 }).toBe(5);
    const announced = received.flatMap((c) => bookingsIn(c).map((e) => (e.event.data as { reservationId: string }).reservationId));
    expect(announced.sort()).toEqual([...ids].sort());
    expect(held.every(Boolean)).toBe(true);
    // At most one notice per append (the seats, then the booking), fewer when appends land together.
    expect(received.length).toBeLessThanOrEqual(10);
    expect(received.flatMap(bookingsIn)[0]!.readModels).toEqual(
      expect.arrayContaining(['reservations', 'bookings_calendar', 'booking_history']),
    );
    for (const change of received) expect(change.position).toBe(change.events.at(-1)!.event.position);
    await listening.stop();
  });

  it('ends every listener when the subscription drops, and the next listener follows afresh', async () => {
    const { store, counts } = counting(t.runtime.eventStore);
    const changes = new ReadModelChanges(store, t.runtime.readModels, allProjections(t.runtime.features));
    let ended = 0;
    await changes.listen(
      () => undefined,
      () => ended++,
    );
    counts.last!.onError!(new Error('connection lost'));
    expect(ended).toBe(1);
    expect(changes.listening).toBe(0);
    const again = await changes.listen(() => undefined);
    expect(counts.opened).toBe(2);
    await again.stop();
    await changes.close();
  });
});
