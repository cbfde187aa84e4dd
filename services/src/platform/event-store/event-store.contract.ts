import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@cafe/contracts';
import { WrongExpectedRevisionError, type EventStore, type NewEvent, type RecordedEvent } from './event-store.js';

/**
 * The behaviour every EventStore adapter must show. Each test gets a fresh store from the factory
 * but may share a server with earlier tests, so it uses its own streams and reads $all only after
 * the head it saw at its start.
 */
export function eventStoreContract(name: string, factory: () => Promise<EventStore> | EventStore): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store.close();
    });

    describe('appends a command decided', () => {
      it('answers a repeat of stored event ids at the same revision with the original result, storing nothing twice', async () => {
        const stream = streamId('reservation');
        const ids = [randomUUID(), randomUUID()];
        const append = () =>
          store.appendToStreams([
            {
              streamId: stream,
              events: [
                { ...event('ReservationRequested', { n: 1 }), id: ids[0]! },
                { ...event('ReservationChanged', { n: 2 }), id: ids[1]! },
              ],
              expectedRevision: 'no_stream',
            },
          ]);
        const [first] = await append();
        const [again] = await append();
        expect(again!.nextExpectedRevision).toBe(first!.nextExpectedRevision);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(ids);
      });

      it('appends to several streams in the order given, one result each', async () => {
        const [a, b] = [streamId('seating'), streamId('reservation')];
        const results = await store.appendToStreams([
          { streamId: a, events: [event('SeatsReserved', { n: 1 })], expectedRevision: 'no_stream' },
          {
            streamId: b,
            events: [event('ReservationRequested', { n: 2 }), event('ReservationChanged', { n: 3 })],
            expectedRevision: 'no_stream',
          },
        ]);
        expect(results.map((r) => r.nextExpectedRevision)).toEqual([0n, 1n]);
        expect(results[1]!.position > results[0]!.position).toBe(true);
        expect((await store.readStream(b)).map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationChanged']);
      });
    });

    describe('append and read a stream', () => {
      it('reads a stream forwards in order, with revisions, positions, data, metadata and the time recorded', async () => {
        const stream = streamId('reservation');
        const before = Date.now();
        const result = await store.appendToStream(stream, [
          event('ReservationRequested', { n: 1, nested: { list: [1, 'two', null], flag: true } }),
          event('ReservationChanged', { n: 2 }),
        ]);
        await store.appendToStream(stream, [event('ReservationCancelled', { n: 3 })]);

        const events = await store.readStream(stream);
        expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
          ['ReservationRequested', 0n, { n: 1, nested: { list: [1, 'two', null], flag: true } }],
          ['ReservationChanged', 1n, { n: 2 }],
          ['ReservationCancelled', 2n, { n: 3 }],
        ]);
        expect(events.every((e) => e.streamId === stream)).toBe(true);
        expect(events[0]!.metadata).toEqual(metadata);
        expect(events[1]!.position).toBe(result.position);
        expect(events[0]!.position < events[1]!.position && events[1]!.position < events[2]!.position).toBe(true);
        expect(new Set(events.map((e) => e.id)).size).toBe(3);
        const recorded = Date.parse(events[0]!.recordedAt);
        expect(recorded).toBeGreaterThanOrEqual(before - 60_000);
        expect(recorded).toBeLessThanOrEqual(Date.now() + 60_000);
      });

      it('reads backwards, from a revision, and at most maxCount events', async () => {
        const stream = streamId('menuItem');
        await store.appendToStream(
          stream,
          [0, 1, 2, 3, 4].map((n) => event('MenuItemChanged', { n })),
        );

        const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
        expect(ns(await store.readStream(stream, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
        expect(ns(await store.readStream(stream, { direction: 'backwards', maxCount: 2 }))).toEqual([4, 3]);
        expect(ns(await store.readStream(stream, { direction: 'backwards', fromRevision: 2n }))).toEqual([2, 1, 0]);
        expect(ns(await store.readStream(stream, { fromRevision: 3n }))).toEqual([3, 4]);
        expect(ns(await store.readStream(stream, { fromRevision: 1n, maxCount: 2 }))).toEqual([1, 2]);
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(streamId('nothing'))).toEqual([]);
        expect(await store.readStream(streamId('nothing'), { direction: 'backwards' })).toEqual([]);
      });

      it('keeps an event id chosen by the client', async () => {
        const stream = streamId('galleryImage');
        const id = randomUUID();
        await store.appendToStream(stream, [{ ...event('GalleryImageAdded', {}), id }]);
        expect((await store.readStream(stream))[0]!.id).toBe(id);
      });

      it('answers the next expected revision and the position of the last event written', async () => {
        const stream = streamId('partyBooking');
        const first = await store.appendToStream(stream, [event('PartyBookingRequested', {}), event('PartyBookingApproved', {})]);
        expect(first.nextExpectedRevision).toBe(1n);
        const second = await store.appendToStream(stream, [event('PartyBookingCancelled', {})], {
          expectedRevision: first.nextExpectedRevision,
        });
        expect(second.nextExpectedRevision).toBe(2n);
        expect(second.position > first.position).toBe(true);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.position)).toEqual([expect.any(BigInt), first.position, second.position]);
      });
    });

    describe('expected revision', () => {
      it('any: appends to a new stream and to an existing one', async () => {
        const stream = streamId('cafeEvent');
        await store.appendToStream(stream, [event('CafeEventCreated', {})], { expectedRevision: 'any' });
        await store.appendToStream(stream, [event('CafeEventChanged', {})], { expectedRevision: 'any' });
        await store.appendToStream(stream, [event('CafeEventChanged', {})]);
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('no_stream: creates a stream, and is a typed conflict once the stream exists', async () => {
        const stream = streamId('blockedDate');
        await store.appendToStream(stream, [event('DateBlocked', {})], { expectedRevision: 'no_stream' });
        const error = await conflict(store.appendToStream(stream, [event('DateBlocked', {})], { expectedRevision: 'no_stream' }));
        expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0n, code: 'WRONG_EXPECTED_REVISION' });
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('stream_exists: is a typed conflict on a missing stream, and appends to an existing one', async () => {
        const stream = streamId('businessInfo');
        const error = await conflict(
          store.appendToStream(stream, [event('BusinessInfoUpdated', {})], { expectedRevision: 'stream_exists' }),
        );
        expect(error).toMatchObject({ streamId: stream, expected: 'stream_exists', actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);

        await store.appendToStream(stream, [event('BusinessInfoUpdated', {})]);
        await store.appendToStream(stream, [event('BusinessInfoUpdated', {})], { expectedRevision: 'stream_exists' });
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('exact: appends at the expected revision, and is a typed conflict with the actual one otherwise', async () => {
        const stream = streamId('reservation');
        await store.appendToStream(stream, [event('ReservationRequested', {}), event('ReservationChanged', {})]);

        for (const stale of [0n, 2n, 7n]) {
          const error = await conflict(store.appendToStream(stream, [event('ReservationChanged', { stale })], { expectedRevision: stale }));
          expect(error).toMatchObject({ streamId: stream, expected: stale, actual: 1n });
        }
        expect(await store.readStream(stream)).toHaveLength(2);

        const ok = await store.appendToStream(stream, [event('ReservationCancelled', {})], { expectedRevision: 1n });
        expect(ok.nextExpectedRevision).toBe(2n);
      });

      it('exact: a missing stream is a conflict with actual no_stream, and writes nothing of the batch', async () => {
        const stream = streamId('reservation');
        const error = await conflict(
          store.appendToStream(stream, [event('ReservationRequested', {}), event('ReservationChanged', {})], { expectedRevision: 0n }),
        );
        expect(error).toMatchObject({ streamId: stream, expected: 0n, actual: 'no_stream' });
        expect(await store.readStream(stream)).toEqual([]);
      });
    });

    describe('concurrent writers', () => {
      it('two appends with the same expected revision, at once: exactly one succeeds', async () => {
        const stream = streamId('partyBooking');
        await store.appendToStream(stream, [event('PartyBookingRequested', {})]);

        const results = await Promise.allSettled([
          store.appendToStream(stream, [event('PartyBookingApproved', { by: 'a' })], { expectedRevision: 0n }),
          store.appendToStream(stream, [event('PartyBookingRejected', { by: 'b' })], { expectedRevision: 0n }),
        ]);

        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('five creations of one stream with no_stream, at once: exactly one succeeds', async () => {
        const stream = streamId('adminAccess');
        const results = await Promise.allSettled(
          [1, 2, 3, 4, 5].map((n) =>
            store.appendToStream(stream, [event('AdminEmailAuthorized', { n })], { expectedRevision: 'no_stream' }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('appends arriving together, one of them stale: that one fails alone, every other is stored whole', async () => {
        const stale = streamId('reservation');
        await store.appendToStream(stale, [event('ReservationRequested', {})]);
        const head = await store.headPosition();
        const fresh = Array.from({ length: 8 }, () => streamId('reservation'));
        const results = await Promise.allSettled([
          ...fresh.map((s, n) =>
            store.appendToStream(s, [event('ReservationRequested', { n }), event('ReservationChanged', { n })], {
              expectedRevision: 'no_stream',
            }),
          ),
          store.appendToStream(stale, [event('ReservationCancelled', {})], { expectedRevision: 5n }),
        ]);
        expect(results.slice(0, 8).every((r) => r.status === 'fulfilled')).toBe(true);
        const failed = results[8]!;
        expect(failed.status).toBe('rejected');
        expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
        for (const s of fresh)
          expect((await store.readStream(s)).map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationChanged']);
        expect(await store.readStream(stale)).toHaveLength(1);
        // Each append's events sit next to each other in $all: a batch never interleaves two appends.
        const order = (await store.readAll({ after: head })).map((e) => e.streamId).filter((s) => fresh.includes(s));
        for (let i = 0; i < order.length; i += 2) expect(order[i]).toBe(order[i + 1]);
      });
    });

    describe('$all', () => {
      it('reads after a position, in order across streams, without the event at that position', async () => {
        const head = await store.headPosition();
        const a = streamId('reservation');
        const b = streamId('blockedDate');
        const p1 = await store.appendToStream(a, [event('ReservationRequested', { n: 1 })]);
        await store.appendToStream(b, [event('DateBlocked', { n: 2 })]);
        await store.appendToStream(a, [event('ReservationChanged', { n: 3 }), event('ReservationCancelled', { n: 4 })]);

        const all = await store.readAll({ after: head });
        expect(all.map((e) => [e.streamId, (e.data as { n: number }).n])).toEqual([
          [a, 1],
          [b, 2],
          [a, 3],
          [a, 4],
        ]);
        expect(isIncreasing(all.map((e) => e.position))).toBe(true);
        expect(all[0]!.position).toBe(p1.position);
        expect(all.every((e) => !e.type.startsWith('$') && !e.streamId.startsWith('$'))).toBe(true);

        const afterFirst = await store.readAll({ after: p1.position });
        expect(afterFirst.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4]);
      });

      it('reads at most maxCount events, forwards and backwards', async () => {
        const head = await store.headPosition();
        const stream = streamId('menuCategory');
        await store.appendToStream(
          stream,
          [1, 2, 3, 4, 5].map((n) => event('MenuCategoryCreated', { n })),
        );
        const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

        expect(ns(await store.readAll({ after: head, maxCount: 2 }))).toEqual([1, 2]);
        const backwards = await store.readAll({ direction: 'backwards', maxCount: 3 });
        expect(ns(backwards)).toEqual([5, 4, 3]);
        // Backwards from a position excludes it too.
        expect(ns(await store.readAll({ direction: 'backwards', after: backwards[0]!.position, maxCount: 2 }))).toEqual([4, 3]);
      });

      it('reads nothing after the head', async () => {
        await store.appendToStream(streamId('reservation'), [event('ReservationRequested', {})]);
        expect(await store.readAll({ after: await store.headPosition() })).toEqual([]);
      });

      it('headPosition is the position of the last event appended', async () => {
        const before = await store.headPosition();
        const result = await store.appendToStream(streamId('reservation'), [
          event('ReservationRequested', {}),
          event('ReservationChanged', {}),
        ]);
        const head = await store.headPosition();
        expect(head).toBe(result.position);
        expect(head > before).toBe(true);
      });
    });

    describe('catch-up subscription to $all', () => {
      it('delivers the stored events, calls onCaughtUp once, then delivers live events in order', async () => {
        const head = await store.headPosition();
        const stream = streamId('reservation');
        await store.appendToStream(
          stream,
          [1, 2, 3].map((n) => event('ReservationRequested', { n })),
        );

        const seen: number[] = [];
        const atCaughtUp: number[][] = [];
        const subscription = store.subscribeToAll(
          (e) => {
            seen.push((e.data as { n: number }).n);
          },
          { after: head, onCaughtUp: () => atCaughtUp.push([...seen]) },
        );
        try {
          await waitUntil(() => atCaughtUp.length > 0);
          expect(atCaughtUp[0]).toEqual([1, 2, 3]);

          await store.appendToStream(stream, [event('ReservationChanged', { n: 4 })]);
          await store.appendToStream(streamId('blockedDate'), [event('DateBlocked', { n: 5 }), event('DateBlocked', { n: 6 })]);
          await waitUntil(() => seen.length >= 6);
          expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
          expect(atCaughtUp).toHaveLength(1);
        } finally {
          await subscription.close();
        }
      });

      it('starts after the position given, and waits for the handler before the next event', async () => {
        const stream = streamId('cafeEvent');
        const first = await store.appendToStream(stream, [event('CafeEventCreated', { n: 1 })]);
        await store.appendToStream(stream, [event('CafeEventChanged', { n: 2 }), event('CafeEventChanged', { n: 3 })]);

        const log: string[] = [];
        const subscription = store.subscribeToAll(
          async (e) => {
            const n = (e.data as { n: number }).n;
            log.push(`start ${n}`);
            await new Promise((r) => setTimeout(r, 20));
            log.push(`end ${n}`);
          },
          { after: first.position },
        );
        try {
          await waitUntil(() => log.length >= 4);
          expect(log).toEqual(['start 2', 'end 2', 'start 3', 'end 3']);
        } finally {
          await subscription.close();
        }
      });

      it('calls onCaughtUp at once when nothing is stored after the position', async () => {
        await store.appendToStream(streamId('reservation'), [event('ReservationRequested', {})]);
        let caughtUp = 0;
        const subscription = store.subscribeToAll(() => undefined, { after: await store.headPosition(), onCaughtUp: () => caughtUp++ });
        try {
          await waitUntil(() => caughtUp > 0);
          expect(caughtUp).toBe(1);
        } finally {
          await subscription.close();
        }
      });

      it('stops delivering once closed', async () => {
        const head = await store.headPosition();
        const stream = streamId('reservation');
        const seen: number[] = [];
        let caughtUp = false;
        const subscription = store.subscribeToAll((e) => void seen.push((e.data as { n: number }).n), {
          after: head,
          onCaughtUp: () => (caughtUp = true),
        });
        await waitUntil(() => caughtUp);
        await store.appendToStream(stream, [event('ReservationRequested', { n: 1 })]);
        await waitUntil(() => seen.length === 1);

        await subscription.close();
        await store.appendToStream(stream, [event('ReservationChanged', { n: 2 })]);
        await new Promise((r) => setTimeout(r, 1500));
        expect(seen).toEqual([1]);
      });
    });
  });
}

export const metadata: EventMetadata = {
  occurredAt: '2026-11-18T16:00:00.000Z',
  actor: { kind: 'admin', email: 'owner@example.com', userId: 'user-1' },
  correlationId: 'req-contract',
  causationId: 'req-contract',
};

export function event(type: string, data: unknown): NewEvent {
  return { type, data, metadata };
}

/** A stream no other test (nor an earlier run on a shared server) has used. */
export function streamId(category: string): string {
  return `${category}-${randomUUID()}`;
}

export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function conflict(append: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await append.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

function isIncreasing(positions: bigint[]): boolean {
  return positions.every((p, i) => i === 0 || p > positions[i - 1]!);
}
