import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailComposer, MailContext } from '../platform/mailer/mail-composer.js';
import type { Notification, NotificationRecipient } from './notifications-reactor-streams.js';

const GUEST: readonly NotificationRecipient[] = ['guest'];
const GUEST_AND_CAFE: readonly NotificationRecipient[] = ['guest', 'cafe'];

/**
 * The slices' mail composers, by the event types they mail about: which events the reactor follows, who
 * each may mail, and the mails of one. One composer per event type: two would claim the same mail.
 */
export class ComposedMails {
  private readonly byType = new Map<string, MailComposer>();
  private readonly toCafe = new Set<string>();

  constructor(composers: readonly MailComposer[]) {
    for (const composer of composers) {
      for (const type of composer.eventTypes) {
        if (this.byType.has(type)) throw new Error(`Two mail composers are registered for ${type}: one event, one composer`);
        this.byType.set(type, composer);
      }
      for (const type of composer.alsoToCafe ?? []) this.toCafe.add(type);
    }
  }

  /** Who an event of this type may mail; none when no composer mails about it. */
  readonly recipientsOf = (eventType: string): readonly NotificationRecipient[] =>
    !this.byType.has(eventType) ? [] : this.toCafe.has(eventType) ? GUEST_AND_CAFE : GUEST;

  /** The event's mails, each under the café's name as business info holds it now (MAIL_FROM gives the address). */
  async compose(event: RecordedEvent, context: MailContext): Promise<Notification[]> {
    const composer = this.byType.get(event.type);
    if (!composer) return [];
    const mails = await composer.compose(event, context);
    if (mails.length === 0) return mails;
    const { name } = await context.cafe();
    return mails.map((mail) => ({ ...mail, message: { ...mail.message, fromName: name } }));
  }
}
