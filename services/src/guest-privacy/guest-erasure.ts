import { readdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { normaliseEmail, type ForgetResult } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import type { GuestData } from '../platform/personal-data/encrypting-event-store.js';
import { outboxDir } from '../platform/mailer/mailer.js';
import type { SessionStorePort } from '../platform/sessions/session-store.js';
import { withRetry, type GuestEraser } from '../platform/personal-data/guest-eraser.js';
import type { Feature } from '../platform/runtime/runtime.js';

export interface ErasureRuntime extends CommandRuntime {
  guestData: GuestData | null;
  config: CommandRuntime['config'] & { dataDir: string };
  /** Where sign-ins are kept: the person's sessions end with the rest (absent: nothing to end). */
  sessions?: Pick<SessionStorePort, 'destroyForEmail'>;
  /** Every feature, with the erasers each registered for what it keeps of a guest (features.ts). */
  features: readonly Pick<Feature, 'erasers'>[];
}

/** The erasers whose counts the answer gives apart from `records`: the bookings, erased first. */
const BOOKINGS = new Set(['reservations', 'partyBookings']);
const isBookings = (eraser: GuestEraser) => BOOKINGS.has(eraser.name);

/**
 * Forget a guest (an e-mail address): everything of theirs becomes unreadable, the bookings stay.
 * 1. Delete the guest's key: every event sealed with it now reads as erased, in every process, on
 *    every replay (crypto-shredding). The key goes first, so nothing decrypted afterwards brings the
 *    data back into a read model.
 * 2. One erasure event per booking of theirs, through the booking's own decider (the reservations'
 *    and party bookings' erasers): the read models blank the fields on it and the history shows who
 *    erased it and when. Then each other feature's records of the guest (its `erasers`: event
 *    sign-ups, open tables, accounts, …).
 * 3. Events written before encryption held the data in plain text: rewritten in place where the
 *    store allows (embedded SQLite); EventStoreDB cannot, and they are counted as left.
 * 4. The embedded outbox's .eml files addressed to the guest are deleted, and any session signed in
 *    with their e-mail (someone who tried the staff sign-in) ends.
 * Running it again finishes what a crash interrupted and erases nothing twice.
 */
export async function forgetGuest(runtime: ErasureRuntime, email: string, context: CommandContext): Promise<ForgetResult> {
  const guestData = runtime.guestData;
  if (!guestData) throw new Error('This event store does not hold guests’ keys');
  const footprint = await guestData.findGuest(email);
  const keyDeleted = await guestData.forgetKey(footprint.ref);
  const guest = { guestKey: footprint.ref, email, streams: footprint.streams, bookings: footprint.bookings };
  const erasers = runtime.features.flatMap((feature) => feature.erasers ?? []);
  const counts: Record<string, number> = {};
  // A booking eraser retries each booking itself (platform/personal-data/guest-eraser.ts): run again, it would erase twice.
  for (const eraser of erasers.filter(isBookings)) counts[eraser.name] = await eraser.erase(runtime, guest, context);
  for (const eraser of erasers.filter((e) => !isBookings(e))) {
    counts[eraser.name] = await withRetry(() => eraser.erase(runtime, guest, context));
  }
  const { reservations = 0, partyBookings = 0, ...records } = counts;
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
