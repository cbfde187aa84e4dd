import { describe, expect, it } from 'vitest';
import { NOTIFICATION_BATCHES, type ClaimedMailEntry } from '@cafe/contracts';
import { isWrongExpectedRevision, type RecordedEvent, type StreamAppend } from '../platform/event-store/event-store.js';
import { NotificationBatches } from './notification-batches.js';
import { countingStore } from './reactor-test-kit.js';

const clock = { now: () => new Date('2026-12-06T18:00:00Z') };
const cause = (n: number) =>
  ({ id: `booking-event-${n}`, type: 'ReservationRequested', metadata: { correlationId: `request-${n}` } }) as unknown as RecordedEvent;
const claim = (n: number, attemptId: string): ClaimedMailEntry => ({
  sourceEventId: `booking-event-${n}`,
  sourceType: 'ReservationRequested',
  recipient: 'guest',
  subject: 'Hi',
  attemptId,
});

const outcomes = (settled: PromiseSettledResult<void>[]) =>
  settled.map((s) => (s.status === 'fulfilled' ? 'claimed' : isWrongExpectedRevision(s.reason) ? 'refused' : String(s.reason)));

describe("the mails' first attempts, claimed in batches", () => {
  it('given 50 mails claimed in one turn, when appended, then the stream takes one event naming all 50, then one for their sending', async () => {
    const { store, calls } = countingStore();
    const batches = new NotificationBatches({ eventStore: store, clock });
    await Promise.all(Array.from({ length: 50 }, (_, n) => batches.claim(cause(n), claim(n, `attempt-${n}`))));
    await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        batches.sent(cause(n), {
          sourceEventId: `booking-event-${n}`,
          recipient: 'guest',
          attemptId: `attempt-${n}`,
          transport: 'outbox',
          messageId: `<${n}@x>`,
        }),
      ),
    );
    expect(calls).toEqual([1, 1]);
    const events = await store.readStream(NOTIFICATION_BATCHES);
    expect(events.map((e) => [e.type, (e.data as { mails: unknown[] }).mails.length])).toEqual([
      ['NotificationsClaimed', 50],
      ['NotificationsSent', 50],
    ]);
    await store.close();
  });

  it('given two processes claiming the same mails at once, when both append, then each mail is claimed by one of them only', async () => {
    const { store } = countingStore();
    const one = new NotificationBatches({ eventStore: store, clock });
    const other = new NotificationBatches({ eventStore: store, clock });
    const [a, b] = await Promise.all([
      Promise.allSettled([0, 1, 2].map((n) => one.claim(cause(n), claim(n, `one-${n}`)))),
      Promise.allSettled([1, 2, 3].map((n) => other.claim(cause(n), claim(n, `other-${n}`)))),
    ]);
    // The first batch stored wins its mails; the other reads it, and claims only the mail it alone asked for.
    const claimedBy = new Map<number, string[]>();
    outcomes(a!).forEach((o, i) => o === 'claimed' && claimedBy.set(i, [...(claimedBy.get(i) ?? []), 'one']));
    outcomes(b!).forEach((o, i) => o === 'claimed' && claimedBy.set(i + 1, [...(claimedBy.get(i + 1) ?? []), 'other']));
    expect([...claimedBy.keys()].sort()).toEqual([0, 1, 2, 3]);
    for (const owners of claimedBy.values()) expect(owners).toHaveLength(1);
    expect([...outcomes(a!), ...outcomes(b!)].filter((o) => o !== 'claimed' && o !== 'refused')).toEqual([]);
    // And the stream says the same: every mail once.
    const stored = (await store.readStream(NOTIFICATION_BATCHES)).flatMap((e) => (e.data as { mails: ClaimedMailEntry[] }).mails);
    expect(stored.map((m) => m.sourceEventId).sort()).toEqual([0, 1, 2, 3].map((n) => `booking-event-${n}`));
    await store.close();
  });

  it('given a mail claimed before this process started, when it claims that mail, then it is refused without an append', async () => {
    const { store, calls } = countingStore();
    await new NotificationBatches({ eventStore: store, clock }).claim(cause(1), claim(1, 'earlier'));
    const later = new NotificationBatches({ eventStore: store, clock });
    later.startAt(0n);
    calls.length = 0;
    // Its first claims (the stream is read back first), and a later one.
    const first = await Promise.allSettled([later.claim(cause(1), claim(1, 'later-1')), later.claim(cause(2), claim(2, 'later-2'))]);
    expect(outcomes(first)).toEqual(['refused', 'claimed']);
    expect(outcomes(await Promise.allSettled([later.claim(cause(1), claim(1, 'later-1b'))]))).toEqual(['refused']);
    expect(calls).toEqual([1]);
    await store.close();
  });

  it("given a batch stored though the store's answer was lost, when another mail's batch goes first, then the lost one asked for again is settled without a second entry", async () => {
    const { store } = countingStore();
    const appendToStreams = store.appendToStreams.bind(store);
    let lose = true;
    store.appendToStreams = async (appends: StreamAppend[]) => {
      const results = await appendToStreams(appends);
      if (!lose) return results;
      lose = false;
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    };
    const batches = new NotificationBatches({ eventStore: store, clock });
    expect(outcomes(await Promise.allSettled([batches.claim(cause(1), claim(1, 'lost'))]))).toEqual(['Error: disk I/O error']);
    // Another mail's batch finds the stream moved, reads the lost batch, and is appended after it.
    expect(outcomes(await Promise.allSettled([batches.claim(cause(2), claim(2, 'next'))]))).toEqual(['claimed']);
    // The reactor asks for the lost claim again (the same attempt): it is this process's, so it is claimed.
    expect(outcomes(await Promise.allSettled([batches.claim(cause(1), claim(1, 'lost'))]))).toEqual(['claimed']);
    const stored = (await store.readStream(NOTIFICATION_BATCHES)).flatMap((e) => (e.data as { mails: ClaimedMailEntry[] }).mails);
    expect(stored.map((m) => m.attemptId)).toEqual(['lost', 'next']);
    await store.close();
  });
});
