import { randomUUID } from 'node:crypto';
import { normalizeEmail, type WhitelistEntry } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { adminAccessDecider, adminAccessStream } from './admin-access-decider.js';
import { adminWhitelistProjection, type AdminWhitelistDoc } from './admin-whitelist-projection.js';

const accessStream = (email: string) => streamOf(adminAccessDecider, adminAccessStream(email));

/** Decides the e-mail's authorization in this command: true when it was added. */
async function authorize(tx: CommandTx, email: string, mode: 'explicit' | 'seed'): Promise<boolean> {
  const { events } = await tx.decide(accessStream(email), adminAccessDecider.decide, {
    type: 'AuthorizeAdminEmail',
    entryId: randomUUID(),
    email,
    mode,
  });
  return events.length > 0;
}

/** Puts an e-mail on the whitelist and waits until the read model holds it (read-your-writes). */
export async function authorizeAdminEmail(runtime: CommandRuntime, email: string, context: CommandContext): Promise<{ added: boolean }> {
  const { value } = await runPipeline(runtime, context, (tx) => authorize(tx, email, 'explicit'));
  return { added: value };
}

export async function revokeAdminEmail(runtime: CommandRuntime, email: string, context: CommandContext): Promise<void> {
  await runPipeline(runtime, context, (tx) =>
    tx.decide(accessStream(email), adminAccessDecider.decide, { type: 'RevokeAdminEmail', email }),
  );
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
  // Wait for the read model only where it is built in this process: with STORE=eventstoredb the
  // projector may not be up yet, and nobody can sign in before the gateway listens anyway.
  const writer = runtime.engine ? runtime : withoutWaiting(runtime);
  for (const email of runtime.config.adminEmails) {
    const context: CommandContext = {
      actor: { kind: 'system', name: 'ADMIN_EMAILS' },
      correlationId: `seed-admin-emails-${randomUUID()}`,
      causationId: 'ADMIN_EMAILS',
    };
    try {
      const { value: outcome } = await runPipeline(writer, context, async (tx) => {
        const entry = await tx.load(accessStream(email));
        if (entry.state.status === 'revoked') return 'revoked';
        return (await authorize(tx, email, 'seed')) ? 'added' : 'kept';
      });
      if (outcome === 'revoked') {
        runtime.logger.warn(
          { email },
          'ADMIN_EMAILS: this e-mail was removed from the whitelist by an admin and is not added back; use `npm run ops -- admin add` to restore it',
        );
      } else if (outcome === 'added') runtime.logger.info({ email }, 'ADMIN_EMAILS: added to the admin whitelist');
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
    }
  }
}
