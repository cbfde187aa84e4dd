import { addDays, cafeInstant, todayIn, type GuestBookingKind, type ReminderRef, type ReservationDetails } from '@cafe/contracts';
import type { Logger } from 'pino';
import { loadState, runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { Mailer, MailMessage } from '../platform/mailer/mailer.js';
import { asError } from '../platform/errors.js';
import { bookingsCalendarProjection, type CalendarDoc } from '../booking-calendar/index.js';
import { loadGuestBooking } from '../manage-booking/index.js';
import { reminderDecider, reminderStream, type ReminderCommand } from './reminder-decider.js';

export interface SchedulerDeps {
  runtime: CommandRuntime & { documents: DocumentStore };
  mailer: Mailer;
  compose: (
    kind: GuestBookingKind,
    id: string,
    details: ReservationDetails & { eventType?: string },
    messageId: string,
  ) => Promise<MailMessage>;
  /** Café-local HH:mm (REMINDER_TIME). */
  reminderTime: string;
  logger: Logger;
  /** How often the due reminders are looked for. */
  intervalMs?: number;
  /** What else is reminded the day before, the same way (a game night's sign-ups). */
  sources?: ReminderSource[];
}

/** Something other than a booking the guest is reminded of the day before (cafe-events' sign-ups). */
export interface ReminderSource {
  kind: Exclude<ReminderRef['kind'], GuestBookingKind>;
  /** What takes place on `date`, with when each was made. */
  due(date: string): Promise<{ id: string; createdAt: string }[]>;
  /** Null when there is nothing (or nobody: a forgotten guest) to remind. */
  load(id: string): Promise<Remindable | null>;
  compose(id: string, messageId: string): Promise<MailMessage | null>;
}

interface Remindable {
  confirmed: boolean;
  email: string;
  date: string;
}

const SYSTEM: CommandContext['actor'] = { kind: 'system', name: 'reminders' };

/**
 * Every minute, from REMINDER_TIME on (café time), looks up tomorrow's bookings in the calendar read
 * model and reminds each confirmed one once (reminder-decider.ts holds the record that makes it once).
 * Runs one pass at a time; the clock is the runtime's, so tests move time and call runDue().
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.runDue(), this.deps.intervalMs ?? 60_000);
    this.timer.unref();
    void this.runDue();
  }

  /** One pass over the due reminders, after any pass already running. */
  runDue(): Promise<void> {
    this.running = this.running.then(() => this.pass()).catch((err: unknown) => this.deps.logger.error({ err }, 'reminder pass failed'));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    const { runtime, reminderTime } = this.deps;
    const now = runtime.clock.now();
    const today = todayIn(runtime.config.zone, now);
    const dueAt = cafeInstant(today, reminderTime, runtime.config.zone);
    if (now < dueAt) return;
    const tomorrow = addDays(today, 1);
    const docs = await runtime.documents.collection<CalendarDoc>(bookingsCalendarProjection.name).find({ date: tomorrow });
    for (const doc of docs) {
      if (this.stopped) return;
      // Booked after today's reminders went out: its confirmation, just mailed, says it all.
      if (doc.createdAt >= dueAt.toISOString()) continue;
      await this.remind(doc.kind, doc.id, this.bookingTarget(doc.kind, doc.id)).catch((err: unknown) =>
        this.deps.logger.error({ err, kind: doc.kind, id: doc.id }, 'reminder failed unexpectedly'),
      );
    }
    for (const source of this.deps.sources ?? []) {
      for (const { id, createdAt } of await source.due(tomorrow)) {
        if (this.stopped) return;
        if (createdAt >= dueAt.toISOString()) continue;
        const target = { load: () => source.load(id), compose: (messageId: string) => source.compose(id, messageId) };
        await this.remind(source.kind, id, target).catch((err: unknown) =>
          this.deps.logger.error({ err, kind: source.kind, id }, 'reminder failed unexpectedly'),
        );
      }
    }
  }

  /** A booking as the reminders see it: confirmed or not, its address and date, and its mail. */
  private bookingTarget(kind: GuestBookingKind, id: string) {
    const { runtime } = this.deps;
    let details: (ReservationDetails & { eventType?: string }) | null = null;
    return {
      load: async (): Promise<Remindable | null> => {
        const booking = await loadGuestBooking(runtime.eventStore, kind, id);
        if (booking.status === 'none') return null;
        details = booking.details;
        return { confirmed: booking.status === 'confirmed', email: booking.details.email, date: booking.details.date };
      },
      compose: (messageId: string) => this.deps.compose(kind, id, details!, messageId),
    };
  }

  private async remind(
    kind: ReminderRef['kind'],
    id: string,
    target: { load: () => Promise<Remindable | null>; compose: (messageId: string) => Promise<MailMessage | null> },
  ): Promise<void> {
    const { runtime, logger } = this.deps;
    const stream = reminderStream(kind, id);
    const run = (command: ReminderCommand) =>
      runCommand(runtime, reminderDecider, stream, command, { actor: SYSTEM, correlationId: stream, causationId: stream });
    const { state } = await loadState(runtime.eventStore, reminderDecider, stream);
    if (state.status === 'claimed') {
      // Passes never overlap, so a claim left open is a process that stopped mid-send: at most once.
      logger.warn({ kind, id }, 'a reminder was being sent when the process stopped; not resending (at-most-once)');
      await run({ type: 'AbandonReminder', reason: 'The process stopped while sending; not resent' });
      return;
    }
    const booking = await target.load();
    // A forgotten guest has no address left to remind, and their key must not be re-created by a claim.
    if (!booking?.email) return;
    const ref = { kind, bookingId: id, date: booking.date };
    let claimed;
    try {
      claimed = await run({
        type: 'ClaimReminder',
        ref,
        to: booking.email,
        bookingConfirmed: booking.confirmed,
        reminderTime: this.deps.reminderTime,
      });
    } catch (error) {
      if (error instanceof Conflict) return; // another process claimed it first
      throw error;
    }
    if (claimed.events.length === 0) return;
    // Cancelled or moved between the look-up and the claim: do not mail it.
    const now = await target.load();
    if (!now?.confirmed || now.date !== ref.date) {
      await run({ type: 'AbandonReminder', reason: 'The booking was cancelled or moved before the reminder went out' });
      return;
    }
    const messageId = `<reminder-${kind}-${id}-${ref.date}@notifications.meeplehaven>`;
    let sent;
    try {
      const mail = await target.compose(messageId);
      if (!mail) {
        await run({ type: 'AbandonReminder', reason: 'Nothing left to remind of (the guest was forgotten)' });
        return;
      }
      sent = await this.deps.mailer.send(mail);
    } catch (error) {
      logger.warn({ err: error, kind, id }, 'reminder not sent');
      await run({ type: 'RecordReminderFailed', error: asError(error).message });
      return;
    }
    await run({ type: 'RecordReminderSent', transport: sent.transport, messageId: sent.messageId });
    logger.info({ kind, id, date: ref.date, transport: sent.transport }, 'reminder sent');
  }
}
