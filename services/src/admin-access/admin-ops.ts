import { parseArgs } from 'node:util';
import { whitelistAddSchema, type WhitelistEntry } from '@cafe/contracts';
import { loadConfig } from '../platform/config.js';
import { opsContext, opsOutput, type OpsIo } from '../platform/commands/ops-io.js';
import { systemClock } from '../platform/clock.js';
import { printRefusal } from '../platform/commands/ops-refusal.js';
import { NOT_WAITING } from '../platform/commands/command-runner.js';
import { openStores } from '../platform/runtime/ports.js';
import type { EventStore, Position } from '../platform/event-store/event-store.js';
import { authorizeAdminEmail, revokeAdminEmail } from './admin-access-commands.js';
import { adminWhitelistProjection, type AdminWhitelistDoc } from './admin-whitelist-projection.js';

export const adminUsage = `  admin add <email>                           put an e-mail on the admin whitelist (event AdminEmailAuthorized)
  admin remove <email>                        take it off (event AdminEmailRevoked)
  admin list [--json]                         the whitelist, folded from the event store
`;

/**
 * `npm run ops -- admin add|remove|list`: the same commands as the dashboard, acted by the
 * operator (actor system "ops (<os user>)"), so the audit trail shows who changed the list from
 * the command line. A running gateway picks the events up from the store.
 */
export async function adminCommand(args: string[], io: OpsIo = {}): Promise<number> {
  const { print, printError } = opsOutput(io);
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  const [action, rawEmail] = positionals;
  if (!action || !['add', 'remove', 'list'].includes(action) || (action !== 'list' && !rawEmail)) {
    printError(`Usage:\n${adminUsage}`);
    return 2;
  }
  const config = loadConfig(io.env ?? process.env);
  const stores = await openStores(config);
  try {
    if (action === 'list') {
      const entries = await foldWhitelist(stores.eventStore);
      if (values.json) for (const e of entries) print(JSON.stringify(e));
      else if (entries.length === 0) print('The admin whitelist is empty');
      else for (const e of entries) print(`${e.email}  (since ${e.createdAt})`);
      return 0;
    }
    const parsed = whitelistAddSchema.safeParse({ email: rawEmail });
    if (!parsed.success) {
      printError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return 1;
    }
    const { email } = parsed.data;
    // The read models are another process's business here; the event store is the truth.
    const runtime = { eventStore: stores.eventStore, clock: systemClock, config, readModels: NOT_WAITING };
    const context = opsContext(`ops admin ${action}`);
    if (action === 'add') {
      await authorizeAdminEmail(runtime, email, context);
      print(`${email} is now on the admin whitelist`);
    } else {
      await revokeAdminEmail(runtime, email, context);
      print(`${email} was removed from the admin whitelist`);
    }
    return 0;
  } catch (error) {
    return printRefusal(error, printError);
  } finally {
    await stores.close();
  }
}

/** Events per read of the log. */
const LOG_PAGE = 1_000;

/**
 * The admin_whitelist projection's own evolve, applied here to the event history. An operator's tool, not
 * a command: it may read the log.
 */
async function foldWhitelist(eventStore: EventStore): Promise<WhitelistEntry[]> {
  const docs = new Map<string, AdminWhitelistDoc>();
  // In pages: the whole log at once would hold years of events in memory for a few addresses.
  let after: Position | undefined;
  for (;;) {
    const page = await eventStore.readAll({ after, maxCount: LOG_PAGE });
    for (const event of page) {
      if (!adminWhitelistProjection.handles.includes(event.type)) continue;
      for (const id of adminWhitelistProjection.documentIds(event)) {
        const next = adminWhitelistProjection.evolve(docs.get(id) ?? null, event, id);
        if (next) docs.set(id, next);
        else docs.delete(id);
      }
    }
    if (page.length < LOG_PAGE) break;
    after = page[page.length - 1]!.position;
  }
  return [...docs.values()]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.email.localeCompare(b.email))
    .map((d) => ({ id: d.id, email: d.email, createdAt: d.createdAt }));
}
