import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '@cafe/contracts';
import { isWrongExpectedRevision, type RecordedEvent } from '../platform/event-store/event-store.js';
import { NotificationAppends } from './notifications-reactor-appends.js';
import { countingStore } from './reactor-test-kit.js';

const clock = { now: () => new Date('2026-12-06T18:00:00Z') };
const cause = (n: number) =>
  ({ id: `booking-event-${n}`, type: 'ReservationRequested', metadata: { correlationId: `request-${n}` } }) as unknown as RecordedEvent;
const claim = (n: number): NotificationEvent => ({
  type: 'NotificationClaimed',
  data: { sourceEventId: `booking-event-${n}`, sourceType: 'ReservationRequested', to: `guest${n}@example.com`, subject: 'Hi', attempt: 1 },
});

describe("the mails' claims, gathered", () => {
  it('given 50 mails claimed in one turn, when appended, then the store takes one append of 50 streams, each mail with its ids and cause', async () => {
    const { store, calls } = countingStore();
    const appends = new NotificationAppends({ eventStore: store, clock });
    const revisions = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        appends.append(`notification-booking-event-${n}`, cause(n), 'no_stream', `attempt-${n}`, claim(n)),
      ),
    );
    expect(revisions).toEqual(Array.from({ length: 50 }, () => 0n));
    expect(calls).toEqual([50]);
    const [first] = await store.readStream('notification-booking-event-7');
    expect(first).toMatchObject({ type: 'NotificationClaimed', metadata: { correlationId: 'request-7', causationId: 'booking-event-7' } });
    await store.close();
  });

  it('given one mail another process claimed first, when a batch holds it, then the others are claimed and only it is refused', async () => {
    const { store, calls } = countingStore();
    const appends = new NotificationAppends({ eventStore: store, clock });
    await appends.append('notification-booking-event-2', cause(2), 'no_stream', 'elsewhere', claim(2));
    calls.length = 0;
    const settled = await Promise.allSettled(
      [0, 1, 2, 3].map((n) => appends.append(`notification-booking-event-${n}`, cause(n), 'no_stream', `attempt-${n}`, claim(n))),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isWrongExpectedRevision((settled[2] as PromiseRejectedResult).reason)).toBe(true);
    // The batch first, refused whole (nothing stored), then each mail alone.
    expect(calls).toEqual([4, 1, 1, 1, 1]);
    expect(await store.readStream('notification-booking-event-2')).toHaveLength(1);
    await store.close();
  });
});
