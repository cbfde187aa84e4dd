import type { NotificationEvent } from '@cafe/contracts';
import type { Clock } from '../platform/clock.js';
import type { EventStore, ExpectedRevision, RecordedEvent, StreamAppend } from '../platform/event-store/event-store.js';
import { appendDecided, appendOnceMore, metadataOf, withIds } from '../platform/commands/append-path.js';
import type { CommandContext } from '../platform/commands/command-types.js';

interface MailAppend {
  stream: string;
  cause: RecordedEvent;
  expectedRevision: ExpectedRevision;
  commandId: string;
  event: NotificationEvent;
}

interface Waiting extends MailAppend {
  resolve: (revision: bigint) => void;
  reject: (error: unknown) => void;
}

/**
 * What is recorded on a mail's own stream (a retry's claim and outcome, a failure, an abandoned claim, a
 * skip; a first attempt is batched on the reactor's stream, notification-batches.ts), gathered: those asked
 * for in one turn of the event loop go to the store as one append of many streams (each mail keeps its own
 * stream, ids and expected revision): one append call and one commit for many mails.
 * Where the store appends many streams atomically, a batch that fails as a whole (another process claimed
 * one of its mails, a store error) is appended again mail by mail, so each mail gets its own answer; a
 * store that appends stream by stream anyway (EventStoreDB) gets each mail's append as before.
 */
export class NotificationAppends {
  private queued: Waiting[] = [];

  private readonly deps: { eventStore: EventStore; clock: Clock };

  // No logger: mail progress is logged by the reactor, not as the commands' "events appended".
  constructor({ eventStore, clock }: { eventStore: EventStore; clock: Clock }) {
    this.deps = { eventStore, clock };
  }

  /** The stream's revision after `event`; rejects as the append alone would (a conflict, a store error). */
  append(
    stream: string,
    cause: RecordedEvent,
    expectedRevision: ExpectedRevision,
    commandId: string,
    event: NotificationEvent,
  ): Promise<bigint> {
    if (!this.deps.eventStore.atomicAppends) return this.appendOne({ stream, cause, expectedRevision, commandId, event });
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => void this.flush());
      this.queued.push({ stream, cause, expectedRevision, commandId, event, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 1) return this.alone(batch[0]!);
    const appends: StreamAppend[] = batch.map((w) => ({
      streamId: w.stream,
      expectedRevision: w.expectedRevision,
      events: withIds(w.commandId, w.stream, w.expectedRevision, [w.event], metadataOf(this.deps, contextOf(w.cause))),
    }));
    let results;
    try {
      results = await appendOnceMore(this.deps, appends);
    } catch {
      // Nothing of an atomic batch was stored: each mail on its own, with its own answer.
      await Promise.all(batch.map((w) => this.alone(w)));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!.nextExpectedRevision));
  }

  private async alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await this.appendOne(w));
    } catch (error) {
      w.reject(error);
    }
  }

  private async appendOne({ stream, cause, expectedRevision, commandId, event }: MailAppend): Promise<bigint> {
    // The commands' append path (ids for a retry).
    const [result] = await appendDecided(this.deps, contextOf(cause), [{ streamId: stream, events: [event], expectedRevision }], commandId);
    return result!.nextExpectedRevision;
  }
}

/** A mail's events are the reactor's, caused by the event it mails about, under that event's correlation id. */
const contextOf = (cause: RecordedEvent): CommandContext => ({
  actor: { kind: 'system', name: 'notifications' },
  correlationId: cause.metadata.correlationId,
  causationId: cause.id,
});
