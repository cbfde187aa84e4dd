import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from '../platform/event-store/event-store.js';
import { EventStoreDbEventStore } from '../platform/event-store/eventstoredb-event-store.js';
import { FakeEventStoreDbServer } from '../platform/event-store/eventstoredb-fake-server.js';
import { waitUntil } from '../platform/event-store/event-store.contract.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { FixedClock } from '../platform/clock.js';
import { NotificationsReactor, REACTOR_CHECKPOINTS, type ReactorDeps } from './notifications-reactor.js';
import { delegateTo, guestMails, RecordingMailer, request } from './reactor-test-kit.js';

/**
 * Issue 51 (High): on EventStoreDB positions are byte offsets in the log, and the server refuses to read
 * or subscribe from inside a record. The stand-in server does both, so a checkpoint that is no event's
 * position ("lowest held − 1") fails here as it does on the real server.
 */
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

function reactorOn(deps: Pick<ReactorDeps, 'eventStore' | 'clock'> & { documents: MemoryDocumentStore; mailer: RecordingMailer }) {
  return new NotificationsReactor({
    ...deps,
    checkpoints: deps.documents,
    ...guestMails,
    logger,
    // The refused mail waits for its retry long after the stop.
    retryDelaysMs: [60_000],
    resubscribeDelayMs: () => 50,
    checkpointEveryMs: 10,
  });
}

const storedCheckpoint = async (documents: MemoryDocumentStore) =>
  BigInt(String((await documents.collection(REACTOR_CHECKPOINTS).get('notifications'))?.position));

describe('the e-mail reactor on EventStoreDB (positions are byte offsets), given a restart', () => {
  it('when it stopped with a mail waiting for its retry (SMTP failing), then it restarts cleanly and sends that mail once', async () => {
    const server = new FakeEventStoreDbServer();
    const events = new EventStoreDbEventStore(server.client());
    const documents = new MemoryDocumentStore();
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    const before = new RecordingMailer();
    before.refusing.add('ada@example.com');
    const first = reactorOn({ eventStore: events, clock, documents, mailer: before });
    await first.start();
    const cy = await request(events, 'cy', clock.now());
    await waitUntil(() => before.sent.length === 1);
    await request(events, 'ada', clock.now());
    await request(events, 'bob', clock.now());
    await waitUntil(() => before.refused === 1 && before.sent.length === 2);
    await first.stop();

    // The checkpoint stays before ada's request, on the event before it (cy's mail recorded sent): the
    // server refuses any position that is no event's, such as one byte before ada's.
    const checkpoint = await storedCheckpoint(documents);
    const log = await events.readAll({ after: cy.position });
    const ada = log.findIndex((e) => (e.data as { guest?: string }).guest === 'ada');
    expect(log[ada - 1]).toMatchObject({ type: 'NotificationsSent', position: checkpoint });
    expect(server.startsAt(checkpoint)).toBe(true);

    const after = new RecordingMailer();
    const second = reactorOn({ eventStore: events, clock, documents, mailer: after });
    await second.start();
    expect(second.behindBecause).toBeNull();
    await second.idle();
    expect(after.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    expect(before.sent.map((m) => m.to)).toEqual(['cy@example.com', 'bob@example.com']);
    await second.stop();
    expect(server.startsAt(await storedCheckpoint(documents))).toBe(true);
    await events.close();
  });

  it("when the stored checkpoint is no event's position (an older version saved lowest held − 1), then it warns and mails the last days' events", async () => {
    const server = new FakeEventStoreDbServer();
    const events = new EventStoreDbEventStore(server.client());
    const documents = new MemoryDocumentStore();
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    await request(events, 'ada', clock.now());
    const ada = await events.headPosition();
    await documents
      .collection(REACTOR_CHECKPOINTS)
      .putMany([{ _id: 'notifications', position: String(ada - 1n), updatedAt: clock.now().toISOString() }]);
    expect(server.startsAt(ada - 1n)).toBe(false);

    const mailer = new RecordingMailer();
    const reactor = reactorOn({ eventStore: events, clock, documents, mailer });
    await reactor.start();
    await reactor.idle();
    expect(reactor.behindBecause).toBeNull();
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    expect(logLines.join('')).toMatch(/the notifications checkpoint is no event's position in the log/);
    await reactor.stop();
    await events.close();
  });
});

describe('the e-mail reactor, given the event store refuses its subscription at start', () => {
  it('when the first subscriptions fail, then start() does not reject: behindBecause says why, it tries again with backoff, and mails go out', async () => {
    const server = new FakeEventStoreDbServer();
    const inner = new EventStoreDbEventStore(server.client());
    let refusals = 2;
    const events: EventStore = Object.assign(delegateTo(inner), {
      subscribeToAll(handler: (e: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
        if (refusals-- > 0) {
          setImmediate(() => options.onError?.(new Error('14 UNAVAILABLE: No connection established')));
          return { close: async () => undefined };
        }
        return inner.subscribeToAll(handler, options);
      },
    });
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    await request(inner, 'ada', clock.now());
    const mailer = new RecordingMailer();
    const reactor = reactorOn({ eventStore: events, clock, documents: new MemoryDocumentStore(), mailer });
    await reactor.start();
    expect(reactor.behindBecause).toMatch(/failed at start, trying again: 14 UNAVAILABLE/);
    await waitUntil(() => mailer.sent.length === 1, 5_000);
    expect(reactor.behindBecause).toBeNull();
    await reactor.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    await reactor.stop();
    await inner.close();
  });
});
