import { randomUUID } from 'node:crypto';
import type { EventStore, StreamAppend } from '../platform/event-store/event-store.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import type { Mailer, MailMessage } from '../platform/mailer/mailer.js';

// What the reactor's own tests share: a mailer that keeps what it sends (and refuses on demand), a store
// a test can wrap, and a guest's booking request.

export class RecordingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  /** Addresses whose mails are refused (the mail server is down for them) until taken off. */
  readonly refusing = new Set<string>();
  refused = 0;
  async send(message: MailMessage) {
    if (this.refusing.has(message.to)) {
      this.refused++;
      throw new Error('451 Temporary failure, try again later');
    }
    this.sent.push(message);
    return { transport: 'outbox' as const, messageId: `<${randomUUID()}@test>` };
  }
  async close() {}
}

/** Every method of the store, called on the store itself (its fields stay its own). */
export function delegateTo(store: EventStore): EventStore {
  return {
    kind: store.kind,
    atomicAppends: store.atomicAppends,
    appendToStream: (...args) => store.appendToStream(...args),
    appendToStreams: (...args) => store.appendToStreams(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/** A guest's booking request, decided at `occurredAt`. */
export const request = (store: EventStore, guest: string, occurredAt: Date) =>
  store.appendToStream(`reservation-${randomUUID()}`, [
    {
      type: 'ReservationRequested',
      data: { guest },
      metadata: {
        occurredAt: occurredAt.toISOString(),
        actor: { kind: 'system', name: 'test' },
        correlationId: randomUUID(),
        causationId: randomUUID(),
      },
    },
  ]);

/** The reactor's test wiring: one guest mail per ReservationRequested. */
export const guestMails = {
  recipientsOf: (type: string) => (type === 'ReservationRequested' ? (['guest'] as const) : []),
  compose: async (event: { data: unknown }) => [
    {
      recipient: 'guest' as const,
      message: { to: `${(event.data as { guest: string }).guest}@example.com`, subject: 'Confirmed', text: '.' },
    },
  ],
};

/** The embedded store in memory, counting its append calls (how many streams each took). */
export function countingStore() {
  const store = new SqliteEventStore(':memory:');
  const calls: number[] = [];
  const appendToStreams = store.appendToStreams.bind(store);
  store.appendToStreams = (appends: StreamAppend[]) => {
    calls.push(appends.length);
    return appendToStreams(appends);
  };
  return { store, calls };
}
