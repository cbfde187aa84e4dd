import type { ReminderRef } from '@cafe/contracts';
import type { MailContext } from './mail-composer.js';
import type { MailMessage } from './mailer.js';

/**
 * Something a guest is reminded of the day before (a reservation, a party, a game night's sign-up). The
 * slice that owns it lists it on its Feature (`reminders`); the reminders engine finds it there, claims
 * each reminder once in its own stream (reminder-<kind>-<id>) and sends it, knowing no slice.
 */
export interface ReminderSource {
  /** Names the reminder's stream and its events (ReminderRef in contracts). */
  kind: ReminderRef['kind'];
  /** What takes place on `date`, with when each was made (one made after the day's reminders went out is not reminded). */
  due(date: string, context: MailContext): Promise<{ id: string; createdAt: string }[]>;
  /**
   * The thing as it stands now, from its stream (a cancellation a moment ago is seen), or null when there
   * is nothing (or nobody: a forgotten guest) to remind.
   */
  load(id: string, context: MailContext): Promise<Remindable | null>;
}

export interface Remindable {
  /** Only what is confirmed (a reservation, an approved party, a sign-up with its place) is reminded. */
  confirmed: boolean;
  email: string;
  /** The date it takes place: a reminder is claimed once per date. */
  date: string;
  /** The reminder itself, as it stands now; null when nothing is left to remind of. The engine sets the sender's name. */
  mail(messageId: string): Promise<MailMessage | null>;
}
