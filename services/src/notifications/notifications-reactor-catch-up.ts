import { NOTIFICATION_BATCHES, type NotificationBatchEvent, type NotificationEvent } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import {
  MAX_ATTEMPTS,
  batchSteps,
  NOTIFICATION_CATEGORY,
  NOTIFICATION_RECIPIENTS,
  notificationStream,
  type Known,
  type Progress,
  type RecipientsOf,
} from './notifications-reactor-streams.js';

/**
 * What the reactor learns while it reads the stored history, before it mails anything: the notified
 * events, and how far each claim stream got. Apart from the reactor because it is only used until the
 * first catch-up, and it decides alone which mails are still owed.
 */
export class CatchUpLedger {
  /** Relevant events seen during catch-up and not yet settled, by id. */
  private readonly pending = new Map<string, RecordedEvent>();
  /** By claim stream. */
  private readonly progress: Known = new Map();

  constructor(private readonly recipientsOf: RecipientsOf) {}

  /** A stored event: a notified one is remembered, a claim stream's event advances its progress. */
  note(event: RecordedEvent, notified: boolean): void {
    if (notified) {
      this.pending.set(event.id, event);
      return;
    }
    if (event.streamId === NOTIFICATION_BATCHES) return this.noteBatch({ type: event.type, data: event.data } as NotificationBatchEvent);
    if (!event.streamId.startsWith(`${NOTIFICATION_CATEGORY}-`)) return;
    const e = { type: event.type, data: event.data } as NotificationEvent;
    if (e.type === 'NotificationSent' || e.type === 'NotificationAbandoned' || e.type === 'NotificationSkipped') {
      this.progress.set(event.streamId, 'settled');
      return;
    }
    const before = this.progress.get(event.streamId);
    if (before === 'settled') return;
    this.progress.set(event.streamId, {
      revision: event.revision,
      last: e.type,
      attempts: e.type === 'NotificationClaimed' ? e.data.attempt : (before?.attempts ?? 0),
    });
  }

  /** A batch of first attempts: each mail claimed (its own stream still empty), or sent. */
  private noteBatch(e: NotificationBatchEvent): void {
    for (const { stream, type } of batchSteps(e)) {
      if (type === 'NotificationSent') this.progress.set(stream, 'settled');
      else if (!this.progress.has(stream)) this.progress.set(stream, { revision: 'no_stream', last: type, attempts: 1 });
    }
  }

  /**
   * Hands over, event by event in log order, the claims left without an outcome (`abandon`) and the
   * mails still owed (`enqueue`), then forgets what it learned.
   */
  settle(handle: {
    abandon: (event: RecordedEvent, stream: string, progress: Progress) => void;
    enqueue: (event: RecordedEvent, known: Known) => void;
  }): void {
    for (const [id, event] of this.pending) {
      const known: Known = new Map();
      for (const recipient of NOTIFICATION_RECIPIENTS) {
        const stream = notificationStream(id, recipient);
        const progress = this.progress.get(stream);
        if (!progress) continue;
        if (progress !== 'settled' && progress.last === 'NotificationClaimed') {
          handle.abandon(event, stream, progress);
          known.set(stream, 'settled');
        } else {
          known.set(stream, progress !== 'settled' && progress.attempts >= MAX_ATTEMPTS ? 'settled' : progress);
        }
      }
      // Settled for everyone it can mail: nothing to compose again.
      if (this.recipientsOf(event.type).every((recipient) => known.get(notificationStream(id, recipient)) === 'settled')) continue;
      handle.enqueue(event, known);
    }
    this.pending.clear();
    this.progress.clear();
  }
}
