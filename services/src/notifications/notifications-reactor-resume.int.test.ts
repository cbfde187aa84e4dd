import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from '../platform/event-store/event-store.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { waitUntil } from '../platform/event-store/event-store.contract.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { FixedClock } from '../platform/clock.js';
import { NotificationsReactor, type ReactorDeps } from './notifications-reactor.js';
import { delegateTo, guestMails, RecordingMailer, request } from './reactor-test-kit.js';

/**
 * Issue 26 #1: the e-mail reactor after its subscription drops, and after a restart. The real server
 * cannot run here: the embedded log stands in, with subscriptions a test can drop as EventStoreDB does.
 */
const DAY = 24 * 60 * 60 * 1000;

function droppable(store: EventStore): EventStore & { drop(): number } {
  const live = new Set<{ options: SubscribeOptions; inner: Subscription }>();
  return Object.assign(delegateTo(store), {
    subscribeToAll(handler: (e: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
      const entry = { options, inner: store.subscribeToAll(handler, options) };
      live.add(entry);
      return {
        close: async () => {
          live.delete(entry);
          await entry.inner.close();
        },
      };
    },
    drop() {
      const dropped = [...live];
      live.clear();
      for (const { options, inner } of dropped) {
        void inner.close();
        options.onError?.(new Error('14 UNAVAILABLE: Connection dropped'));
      }
      return dropped.length;
    },
  });
}

const root = mkdtempSync(join(tmpdir(), 'reactor-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

function reactorOn(deps: Pick<ReactorDeps, 'eventStore' | 'clock'> & { documents: MemoryDocumentStore; mailer: RecordingMailer }) {
  return new NotificationsReactor({
    ...deps,
    checkpoints: deps.documents,
    ...guestMails,
    logger,
    resubscribeDelayMs: () => 50,
    checkpointEveryMs: 10,
  });
}

describe('the e-mail reactor, given its subscription drops', () => {
  it('when the event store drops it, then /readyz can tell, it resubscribes with backoff, and the mails of events stored meanwhile go out', async () => {
    const inner = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const events = droppable(inner);
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    const mailer = new RecordingMailer();
    const reactor = reactorOn({ eventStore: events, clock, documents: new MemoryDocumentStore(), mailer });
    await reactor.start();
    await request(inner, 'ada', clock.now());
    await waitUntil(() => mailer.sent.length === 1);

    expect(events.drop()).toBe(1);
    expect(reactor.behindBecause).toMatch(/UNAVAILABLE/);
    await request(inner, 'grace', clock.now());
    await waitUntil(() => mailer.sent.length === 2, 5_000);
    await waitUntil(() => reactor.behindBecause === null);
    // Dropped again: it keeps coming back, and sends nothing twice.
    events.drop();
    await request(inner, 'hedy', clock.now());
    await waitUntil(() => mailer.sent.length === 3, 5_000);
    await reactor.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com', 'grace@example.com', 'hedy@example.com']);
    await reactor.stop();
    await inner.close();
  });
});

describe('the e-mail reactor, given a restart', () => {
  it('when events it never handled are days old, then it resumes from its stored checkpoint and mails them', async () => {
    const events = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const documents = new MemoryDocumentStore();
    const clock = new FixedClock(new Date('2026-11-01T12:00:00Z'));
    const first = reactorOn({ eventStore: events, clock, documents, mailer: new RecordingMailer() });
    await first.start();
    await request(events, 'ada', clock.now());
    await first.idle();
    await first.stop();

    // The process was down for 10 days (or its subscription was, before this fix) while guests booked.
    await request(events, 'grace', clock.now());
    await request(events, 'hedy', new Date(clock.now().getTime() - 40 * DAY)); // an import of a booking long past
    clock.advance(10 * DAY);
    const mailer = new RecordingMailer();
    const second = reactorOn({ eventStore: events, clock, documents, mailer });
    await second.start();
    await second.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['grace@example.com']);
    expect(logLines.join('')).toMatch(/no mail for an event this old/);
    await second.stop();
    await events.close();
  });

  it('when there is no stored checkpoint (a restored or imported log), then only the last 3 days are mailed, as before', async () => {
    const events = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    await request(events, 'old', new Date(clock.now().getTime() - 10 * DAY));
    await request(events, 'recent', new Date(clock.now().getTime() - 1 * DAY));
    const mailer = new RecordingMailer();
    const reactor = reactorOn({ eventStore: events, clock, documents: new MemoryDocumentStore(), mailer });
    await reactor.start();
    await reactor.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['recent@example.com']);
    await reactor.stop();
    await events.close();
  });
});
