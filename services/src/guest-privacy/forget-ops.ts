import { parseArgs } from 'node:util';
import { FORGET_NOTHING_FOUND, forgetGuestSchema, type ForgetResult } from '@cafe/contracts';
import { loadConfig } from '../platform/config.js';
import { opsContext, opsOutput, type OpsIo } from '../platform/commands/ops-io.js';
import { systemClock } from '../platform/clock.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import { NOT_WAITING } from '../platform/commands/command-runner.js';
import { openSessionStore, openStores } from '../platform/runtime/ports.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { forgetGuest } from './guest-erasure.js';

export const forgetUsage = `  forget <email> [--json]                     erase a guest's personal data (name, e-mail, phone, requests) everywhere
`;

/**
 * `npm run ops -- forget <email>`: the dashboard's erasure, acted by the operator (actor system
 * "ops (<os user>)"). A running gateway or projector picks the erasure events up from the store.
 * `features` are the service's (features.ts): their erasers erase what each keeps of the guest.
 */
export async function forgetCommand(args: string[], features: readonly Pick<Feature, 'erasers'>[], io: OpsIo = {}): Promise<number> {
  const { print, printError } = opsOutput(io);
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const parsed = forgetGuestSchema.safeParse({ email: positionals[0] ?? '' });
  if (!parsed.success) {
    printError(`${parsed.error.issues[0]?.message ?? 'Please enter a valid email address'}\nUsage:\n${forgetUsage}`);
    return 2;
  }
  const config = loadConfig(io.env ?? process.env);
  const stores = await openStores(config);
  const sessions = await openSessionStore(config);
  try {
    const runtime = {
      eventStore: stores.eventStore,
      sessions,
      guestData: stores.guestData ?? null,
      clock: systemClock,
      config,
      readModels: NOT_WAITING,
      features,
    };
    const context = opsContext('ops forget');
    const result = await forgetGuest(runtime, parsed.data.email, context);
    print(values.json ? JSON.stringify(result) : describe(result));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      printError(error.message);
      return 1;
    }
    throw error;
  } finally {
    await sessions.close();
    await stores.close();
  }
}

function describe(r: ForgetResult): string {
  const records = Object.entries(r.records ?? {}).filter(([, n]) => n > 0);
  if (r.reservations + r.partyBookings === 0 && records.length === 0 && !r.keyDeleted && !r.legacyEventsRewritten && !r.legacyEventsLeft)
    return FORGET_NOTHING_FOUND;
  const lines = [
    `Personal data erased: ${r.reservations} reservation(s), ${r.partyBookings} party booking(s)${r.keyDeleted ? '; the guest key was deleted' : '; no guest key was stored'}`,
  ];
  if (r.legacyEventsRewritten) lines.push(`${r.legacyEventsRewritten} event(s) stored before encryption were rewritten without it`);
  if (r.legacyEventsLeft)
    lines.push(`${r.legacyEventsLeft} event(s) stored before encryption still hold it (EventStoreDB cannot rewrite; see README "Erasure")`);
  for (const [kind, n] of records) lines.push(`Personal data erased: ${n} ${kind}`);
  if (r.outboxFilesRemoved) lines.push(`${r.outboxFilesRemoved} outbox mail(s) removed`);
  return lines.join('\n');
}
