import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent, StreamAppend } from '../platform/event-store/event-store.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { waitUntil } from '../platform/event-store/event-store.contract.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { FixedClock } from '../platform/clock.js';
import { NotificationsReactor } from './notifications-reactor.js';
import { mailRecord, type MailStep } from './mail-record.js';
import { delegateTo, guestMails, RecordingMailer, request } from './reactor-test-kit.js';

/**
 * Issue 51 (M3): a store error while composing, claiming or recording a mail is a retry with the mail
 * still held, never a drop; and a retried claim or outcome is the same append, so nothing goes twice.
 */
const root = mkdtempSync(join(tmpdir(), 'reactor-store-errors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const logger = pino({ level: 'silent' });
const diskError = () => Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });

/** The store, failing the first append of an event of `type`: before writing it, or after (the answer lost). */
function failingOnce(store: EventStore, type: string, when: 'before' | 'after'): EventStore {
  let failed = false;
  return Object.assign(delegateTo(store), {
    async appendToStreams(appends: StreamAppend[]) {
      if (failed || !appends.some((a) => a.events.some((e) => e.type === type))) return store.appendToStreams(appends);
      failed = true;
      if (when === 'after') await store.appendToStreams(appends);
      throw diskError();
    },
  });
}

/** The mail's record (its first attempt in a batch, the rest on its own stream). */
const typesOf = async (store: EventStore, sourceEventId: string) => (await mailRecord(store, sourceEventId)).map((e) => e.type);

/** Until the mail's record holds a step of `type`. */
async function recorded(store: EventStore, sourceEventId: string, type: MailStep['type']): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await typesOf(store, sourceEventId)).includes(type)) {
    if (Date.now() > deadline) throw new Error(`${sourceEventId} has no ${type}: ${(await typesOf(store, sourceEventId)).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the e-mail reactor, given a store error while it handles a mail', () => {
  it.each([
    ['the claim fails before it is written', 'NotificationsClaimed', 'before', ['NotificationClaimed', 'NotificationSent']],
    ['the claim is written but its answer is lost', 'NotificationsClaimed', 'after', ['NotificationClaimed', 'NotificationSent']],
    ['recording the sent mail fails', 'NotificationsSent', 'before', ['NotificationClaimed', 'NotificationSent']],
    [
      'recording the sent mail is written but its answer is lost',
      'NotificationsSent',
      'after',
      ['NotificationClaimed', 'NotificationSent'],
    ],
  ] as const)('when %s once, then it is tried again with the mail held, and the mail goes out once', async (_case, type, when, stream) => {
    const inner = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const events = failingOnce(inner, type, when);
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    const mailer = new RecordingMailer();
    const documents = new MemoryDocumentStore();
    const reactor = new NotificationsReactor({
      eventStore: events,
      ...guestMails,
      mailer,
      clock,
      logger,
      checkpoints: documents,
      retryDelaysMs: [20],
      checkpointEveryMs: 10,
    });
    await reactor.start();
    const { position } = await request(events, 'ada', clock.now());
    const [booked] = await inner.readAll({ after: position - 1n });
    await recorded(inner, booked!.id, 'NotificationSent');
    await reactor.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    expect(await typesOf(inner, booked!.id)).toEqual(stream);
    await reactor.stop();
    await inner.close();
  });

  it('when recording a refused send fails once, then the failure is recorded on the next try and the mail goes out on its retry, once', async () => {
    const inner = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const events = failingOnce(inner, 'NotificationFailed', 'before');
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    const mailer = new RecordingMailer();
    mailer.refusing.add('ada@example.com');
    const reactor = new NotificationsReactor({ eventStore: events, ...guestMails, mailer, clock, logger, retryDelaysMs: [20] });
    await reactor.start();
    const { position } = await request(events, 'ada', clock.now());
    const [booked] = await inner.readAll({ after: position - 1n });
    const stream = booked!.id;
    await waitUntil(() => mailer.refused === 1);
    mailer.refusing.clear();
    await recorded(inner, stream, 'NotificationSent');
    expect(mailer.refused).toBe(1);
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    expect(await typesOf(inner, stream)).toEqual(['NotificationClaimed', 'NotificationFailed', 'NotificationClaimed', 'NotificationSent']);
    await reactor.stop();
    await inner.close();
  });

  it('when composing the mail fails once (the read models did not answer), then it is composed again and sent once', async () => {
    const inner = new SqliteEventStore(join(root, `events-${files++}.sqlite`));
    const clock = new FixedClock(new Date('2026-11-20T12:00:00Z'));
    const mailer = new RecordingMailer();
    let failures = 1;
    const reactor = new NotificationsReactor({
      eventStore: inner,
      recipientsOf: guestMails.recipientsOf,
      compose: async (event: RecordedEvent) => {
        if (failures-- > 0) throw new Error('MongoServerSelectionError: connection timed out');
        return guestMails.compose(event);
      },
      mailer,
      clock,
      logger,
      retryDelaysMs: [20],
    });
    await reactor.start();
    await request(inner, 'ada', clock.now());
    await waitUntil(() => mailer.sent.length === 1, 5_000);
    await reactor.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['ada@example.com']);
    await reactor.stop();
    await inner.close();
  });
});
