import { addDays, cafeInstant, todayIn } from '@cafe/contracts';
import type { Logger } from 'pino';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-types.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { MailContext } from '../platform/mailer/mail-composer.js';
import type { Mailer } from '../platform/mailer/mailer.js';
import type { ReminderSource } from '../platform/mailer/reminder-source.js';
import { asError } from '../platform/errors.js';
import { reminderDecider, reminderStream, type ReminderCommand, type ReminderState } from './reminder-decider.js';

export interface SchedulerDeps {
  runtime: CommandRuntime;
  mailer: Mailer;
  /** What is reminded the day before: each slice's sources (a reservation, a party, a game night's sign-up). */
  sources: readonly ReminderSource[];
  /** A fresh mail context (the café read once in it): one per pass, and one per reminder sent. */
  context: () => MailContext;
  /** Café-local HH:mm (REMINDER_TIME). */
  reminderTime: string;
  logger: Logger;
  /** How often the due reminders are looked for. */
  intervalMs?: number;
}

const SYSTEM: CommandContext = {
  actor: { kind: 'system', name: 'reminders' },
  correlationId: 'reminders',
  causationId: 'reminders',
};

/**
 * Every minute, from REMINDER_TIME on (café time), asks each source what takes place tomorrow and
 * reminds each confirmed one once (reminder-decider.ts holds the record that makes it once). Knows no
 * slice: the sources are registered on the features. Runs one pass at a time; the clock is the
 * runtime's, so tests move time and call runDue().
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
    const context = this.deps.context();
    for (const source of this.deps.sources) {
      for (const { id, createdAt } of await source.due(tomorrow, context)) {
        if (this.stopped) return;
        // Made after today's reminders went out: its confirmation, just mailed, says it all.
        if (createdAt >= dueAt.toISOString()) continue;
        await this.remind(source, id).catch((err: unknown) =>
          this.deps.logger.error({ err, kind: source.kind, id }, 'reminder failed unexpectedly'),
        );
      }
    }
  }

  /** One step of a reminder's stream, through the write pipeline: the events `decide` answers for its state, if any. */
  private async step(stream: string, command: (state: ReminderState) => ReminderCommand | null) {
    const context = { ...SYSTEM, correlationId: stream, causationId: stream };
    const { value } = await runPipeline(this.deps.runtime, context, async (tx) => {
      const loaded = await tx.load(streamOf(reminderDecider, stream));
      const next = command(loaded.state);
      if (!next) return [];
      const events = reminderDecider.decide(next, loaded.state, tx.time);
      tx.append(loaded, events);
      return events;
    });
    return value;
  }

  private async remind(source: ReminderSource, id: string): Promise<void> {
    const { logger } = this.deps;
    const { kind } = source;
    const stream = reminderStream(kind, id);
    const run = (command: ReminderCommand) => this.step(stream, () => command);
    // Passes never overlap, so a claim left open is a process that stopped mid-send: at most once.
    const abandoned = await this.step(stream, (state) =>
      state.status === 'claimed' ? { type: 'AbandonReminder', reason: 'The process stopped while sending; not resent' } : null,
    );
    if (abandoned.length > 0) {
      logger.warn({ kind, id }, 'a reminder was being sent when the process stopped; not resending (at-most-once)');
      return;
    }
    const context = this.deps.context();
    const booking = await source.load(id, context);
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
    if (claimed.length === 0) return;
    // Cancelled or moved between the look-up and the claim: do not mail it.
    const now = await source.load(id, context);
    if (!now?.confirmed || now.date !== ref.date) {
      await run({ type: 'AbandonReminder', reason: 'The booking was cancelled or moved before the reminder went out' });
      return;
    }
    const messageId = `<reminder-${kind}-${id}-${ref.date}@notifications.meeplehaven>`;
    let sent;
    try {
      const mail = await now.mail(messageId);
      if (!mail) {
        await run({ type: 'AbandonReminder', reason: 'Nothing left to remind of (the guest was forgotten)' });
        return;
      }
      // Sent under the café's name as business info holds it now (MAIL_FROM gives the address).
      sent = await this.deps.mailer.send({ ...mail, fromName: (await context.cafe()).name });
    } catch (error) {
      logger.warn({ err: error, kind, id }, 'reminder not sent');
      await run({ type: 'RecordReminderFailed', error: asError(error).message });
      return;
    }
    await run({ type: 'RecordReminderSent', transport: sent.transport, messageId: sent.messageId });
    logger.info({ kind, id, date: ref.date, transport: sent.transport }, 'reminder sent');
  }
}
