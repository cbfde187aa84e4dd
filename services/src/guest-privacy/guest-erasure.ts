import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { bookingOf, normaliseEmail, type ForgetResult } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { GuestData } from '../platform/personal-data/encrypting-event-store.js';
import { outboxDir } from '../platform/mailer/mailer.js';
import { eraseReservationPersonalData } from '../reservations/index.js';
import { erasePartyBookingPersonalData } from '../party-bookings/index.js';
import type { SessionStorePort } from '../platform/sessions/session-store.js';
import { GUEST_ERASERS } from './guest-erasers.js';

export interface ErasureRuntime extends CommandRuntime {
  guestData: GuestData | null;
  config: CommandRuntime['config'] & { dataDir: string };
  /** Where sign-ins are kept: the person's sessions end with the rest (absent: nothing to end). */
  sessions?: Pick<SessionStorePort, 'destroyForEmail'>;
}

/**
 * Forget a guest (an e-mail address): everything of theirs becomes unreadable, the bookings stay.
 * 1. Delete the guest's key: every event sealed with it now reads as erased, in every process, on
 *    every replay (crypto-shredding). The key goes first, so nothing decrypted afterwards brings the
 *    data back into a read model.
 * 2. One erasure event per booking of theirs, through the booking's own decider: the read models
 *    blank the fields on it and the history shows who erased it and when.
 * 3. Events written before encryption held the data in plain text: rewritten in place where the
 *    store allows (embedded SQLite); EventStoreDB cannot, and they are counted as left.
 *    Then each feature's own records of the guest (GUEST_ERASERS: event sign-ups, open tables, …).
 * 4. The embedded outbox's .eml files addressed to the guest are deleted, and any session signed in
 *    with their e-mail (someone who tried the staff sign-in) ends.
 * Running it again finishes what a crash interrupted and erases nothing twice.
 */
export async function forgetGuest(runtime: ErasureRuntime, email: string, context: CommandContext): Promise<ForgetResult> {
  const guestData = runtime.guestData;
  if (!guestData) throw new Error('This event store does not hold guests’ keys');
  const footprint = await guestData.findGuest(email);
  const keyDeleted = await guestData.forgetKey(footprint.ref);
  let reservations = 0;
  let partyBookings = 0;
  for (const booking of footprint.bookings) {
    if (booking.erased) continue;
    const { kind, id } = bookingOf(booking);
    await withRetry(() =>
      kind === 'reservation'
        ? eraseReservationPersonalData(runtime, id, footprint.ref, context)
        : erasePartyBookingPersonalData(runtime, id, footprint.ref, context),
    );
    if (kind === 'reservation') reservations += 1;
    else partyBookings += 1;
  }
  const records: Record<string, number> = {};
  for (const eraser of GUEST_ERASERS) {
    const guest = { guestKey: footprint.ref, email, streams: footprint.streams };
    records[eraser.name] = await withRetry(() => eraser.erase(runtime, guest, context));
  }
  const legacy = await guestData.rewriteLegacy(footprint.legacy);
  const outboxFilesRemoved = await removeOutboxMail(outboxDir(runtime.config), email);
  const sessionsEnded = (await runtime.sessions?.destroyForEmail(normaliseEmail(email))) ?? 0;
  if (sessionsEnded > 0) records.sessions = sessionsEnded;
  return {
    reservations,
    partyBookings,
    keyDeleted,
    legacyEventsRewritten: legacy.rewritten,
    legacyEventsLeft: legacy.left,
    outboxFilesRemoved,
    records,
  };
}

/** A staff edit at the same moment moves the booking's revision: erase again on the new one. */
async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= 5) throw error;
    }
  }
}

/** Mails written to DATA_DIR/outbox (no SMTP_URL) that name the guest's address. Sent SMTP mail is beyond reach. */
async function removeOutboxMail(dir: string, email: string): Promise<number> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  const address = normaliseEmail(email);
  let removed = 0;
  for (const name of files) {
    const file = join(dir, name);
    const text = await readFile(file, 'utf8').catch(() => '');
    if (!text.toLowerCase().includes(address)) continue;
    await unlink(file).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
