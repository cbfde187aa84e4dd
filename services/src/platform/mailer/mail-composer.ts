import type { MailRecipient } from '@cafe/contracts';
import type { Config } from '../config.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { EventStore, RecordedEvent } from '../event-store/event-store.js';
import type { MailMessage } from './mailer.js';

/**
 * How a slice mails about its own events. The slice composes the messages (subject, text, HTML, the
 * calendar invitation) behind MailComposer and lists it on its Feature (`mails`); the notifications engine
 * finds the composers there and only delivers (claim, send, retry, record), knowing no slice. Everything a
 * composer needs of the rest of the house comes through MailContext, wired in the composition root.
 */

/** The café as every mail names it: business info as it stands, else its defaults. */
export interface CafeContact {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** Where a guest books again: the site's reservations (PUBLIC_URL + '/#reservations'); not in the signature. */
  bookUrl?: string;
}

/** One mail a composer wants sent for an event. */
export interface Mail {
  recipient: MailRecipient;
  message: MailMessage;
}

/** What every composer (and every reminder) may use, without importing another slice. */
export interface MailContext {
  /** PUBLIC_URL, the café's zone, and what guest-links (a capability any slice imports) signs links with. */
  config: Config;
  /** To fold a stream's history when the event's own data and the read models are not enough (a state before the event). */
  eventStore: EventStore;
  /** The read models. */
  documents: DocumentStore;
  /** The café's name, address, phone and e-mail (business info), read once per context. */
  cafe(): Promise<CafeContact>;
  /** The library's titles of these games, in the order given; a game since removed is left out. */
  gameTitles(ids: readonly string[]): Promise<string[]>;
}

export interface MailComposer {
  /** The event types this composer mails about: the engine follows these, and only these. */
  eventTypes: readonly string[];
  /** Those of them that may also mail the café (its own claim stream, so catch-up waits for both). */
  alsoToCafe?: readonly string[];
  /** The mails of one event: none, or one per recipient. The engine sets the sender's name (the café's). */
  compose(event: RecordedEvent, context: MailContext): Promise<Mail[]>;
}

/** A guest's mail of an event, or none. */
export const toGuest = (message: MailMessage | null): Mail[] => (message ? [{ recipient: 'guest', message }] : []);

/** A mail's stable Message-ID: a mail system recognises a resend of the same notification. */
export const mailMessageId = (event: Pick<RecordedEvent, 'id'>, recipient: MailRecipient = 'guest') =>
  recipient === 'guest' ? `<${event.id}@notifications.meeplehaven>` : `<${event.id}.${recipient}@notifications.meeplehaven>`;

/**
 * What the composition root hands the mail engines from the slices that know it (features.ts): the
 * café's details (business info) and games by id (the game library).
 */
export interface MailFacts {
  cafe(documents: DocumentStore): Promise<Omit<CafeContact, 'bookUrl'>>;
  games(documents: DocumentStore, ids: readonly string[]): Promise<{ id: string; title: string }[]>;
}

/** A fresh MailContext (its café read at most once): one per event mailed, or per reminder. */
export function mailContext(runtime: { config: Config; eventStore: EventStore; documents: DocumentStore }, facts: MailFacts): MailContext {
  let cafe: Promise<CafeContact> | undefined;
  const { config, eventStore, documents } = runtime;
  // Methods, not arrows: the build keeps functions' names, and names an arrow made per mail at each making.
  return {
    config,
    eventStore,
    documents,
    cafe() {
      return (cafe ??= facts.cafe(documents).then((contact) => ({ ...contact, bookUrl: `${config.publicUrl}/#reservations` })));
    },
    async gameTitles(ids) {
      if (ids.length === 0) return [];
      const found = new Map((await facts.games(documents, ids)).map((g) => [g.id, g.title]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}
