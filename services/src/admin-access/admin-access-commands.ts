import { randomUUID } from 'node:crypto';
import { normalizeEmail, type WhitelistEntry } from '@cafe/contracts';
import { loadState, runCommand, withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { adminAccessDecider, adminAccessStream } from './admin-access-decider.js';
import { adminWhitelistProjection, type AdminWhitelistDoc } from './admin-whitelist-projection.js';

/** Puts an e-mail on the whitelist and waits until the read model holds it (read-your-writes). */
export async function authorizeAdminEmail(
  runtime: CommandRuntime,
  email: string,
  context: CommandContext,
  mode: 'explicit' | 'seed' = 'explicit',
): Promise<{ added: boolean }> {
  const result = await runCommand(
    runtime,
    adminAccessDecider,
    adminAccessStream(email),
    { type: 'AuthorizeAdminEmail', entryId: randomUUID(), email, mode },
    context,
  );
  return { added: result.events.length > 0 };
}

export async function revokeAdminEmail(runtime: CommandRuntime, email: string, context: CommandContext): Promise<void> {
  await runCommand(runtime, adminAccessDecider, adminAccessStream(email), { type: 'RevokeAdminEmail', email }, context);
}

export const whitelistCollection = (documents: DocumentStore) => documents.collection<AdminWhitelistDoc>(adminWhitelistProjection.name);

/** The admin decision: the read model, compared case-insensitively. Computed on every request. */
export async function isWhitelisted(documents: DocumentStore, email: string): Promise<boolean> {
  return (await whitelistCollection(documents).get(normalizeEmail(email))) !== null;
}

export async function listWhitelist(documents: DocumentStore): Promise<WhitelistEntry[]> {
  const docs = await whitelistCollection(documents).find({}, { sort: { createdAt: 1, email: 1 } });
  return docs.map((d) => ({ id: d.id, email: d.email, createdAt: d.createdAt }));
}

/**
 * ADMIN_EMAILS: the first admins, through the same command as the dashboard, acted by the system.
 * Gateway and projector may both start at once; a lost race is another process seeding the same e-mail.
 */
export async function seedAdminEmails(runtime: Runtime): Promise<void> {
  for (const email of runtime.config.adminEmails) {
    const context: CommandContext = {
      actor: { kind: 'system', name: 'ADMIN_EMAILS' },
      correlationId: `seed-admin-emails-${randomUUID()}`,
      causationId: 'ADMIN_EMAILS',
    };
    try {
      const { state } = await loadState(runtime.eventStore, adminAccessDecider, adminAccessStream(email));
      if (state.status === 'revoked') {
        runtime.logger.warn(
          { email },
          'ADMIN_EMAILS: this e-mail was removed from the whitelist by an admin and is not added back; use `npm run ops -- admin add` to restore it',
        );
        continue;
      }
      // Wait for the read model only where it is built in this process: with STORE=eventstoredb the
      // projector may not be up yet, and nobody can sign in before the gateway listens anyway.
      const { added } = await authorizeAdminEmail(runtime.engine ? runtime : withoutWaiting(runtime), email, context, 'seed');
      if (added) runtime.logger.info({ email }, 'ADMIN_EMAILS: added to the admin whitelist');
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
}
