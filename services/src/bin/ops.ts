import { parseArgs } from 'node:util';
import { actorLabel } from '@cafe/contracts';
import { loadConfig } from '../platform/config.js';
import { openStores } from '../platform/runtime/ports.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { projectionsCommand, projectionsUsage, rebuildCommand } from './ops-projections.js';
import { adminCommand, adminUsage } from '../admin-access/index.js';
import { backupCommand, backupUsage, restoreCommand } from './ops-backup.js';
import { forgetCommand, forgetUsage } from '../guest-privacy/index.js';
import { seatsCommand, seatsUsage, seatSource } from '../seating/index.js';
import { reservationKind } from '../reservations/index.js';
import { partyBookingKind } from '../party-bookings/index.js';
import { eventSeatSource } from '../cafe-events/index.js';
import { mailCommand, mailUsage } from '../notifications/index.js';

/**
 * Operator command line: `npm run ops -- <command>`.
 *   events [--stream ID] [--json] [--limit N]   print events (all, or one stream's history)
 * Other features add their commands to `commands` below.
 */
export type OpsCommand = (args: string[]) => Promise<number>;

const usage = `Usage: npm run ops -- <command>

  events [--stream ID] [--json] [--limit N]   print stored events, oldest first
${projectionsUsage}${adminUsage}${backupUsage}${forgetUsage}${seatsUsage}${mailUsage}  seed                                        seed the demo content into an empty store
`;

/** The bookings and events that hold seats, for `seats reconcile`. */
const seatSources = [seatSource(reservationKind), seatSource(partyBookingKind), eventSeatSource()];

export const commands: Record<string, OpsCommand> = {
  projections: (args) => projectionsCommand(args),
  rebuild: (args) => rebuildCommand(args),
  admin: (args) => adminCommand(args),
  backup: (args) => backupCommand(args),
  restore: (args) => restoreCommand(args),
  forget: async (args) => forgetCommand(args, (await import('../features.js')).features),
  seats: (args) => seatsCommand(args, seatSources),
  mail: (args) => mailCommand(args),
  seed: async () => (await import('../demo-seed/index.js')).runSeedCommand((await import('../features.js')).features),
  events: async (args) => {
    const { values } = parseArgs({
      args,
      options: { stream: { type: 'string' }, json: { type: 'boolean' }, limit: { type: 'string' } },
    });
    const config = loadConfig();
    const stores = await openStores(config);
    try {
      const limit = values.limit ? Number(values.limit) : undefined;
      const events = values.stream
        ? await stores.eventStore.readStream(values.stream, { maxCount: limit })
        : await stores.eventStore.readAll({ maxCount: limit });
      for (const event of events) console.log(values.json ? JSON.stringify(toJson(event)) : toLine(event));
      if (!values.json && events.length === 0) console.log(values.stream ? `No events in ${values.stream}` : 'No events yet');
      return 0;
    } finally {
      await stores.close();
    }
  },
};

function toJson(event: RecordedEvent) {
  return {
    id: event.id,
    type: event.type,
    stream: event.streamId,
    revision: Number(event.revision),
    position: event.position.toString(),
    occurredAt: event.metadata.occurredAt,
    actor: actorLabel(event.metadata.actor),
    correlationId: event.metadata.correlationId,
    data: event.data,
  };
}

function toLine(event: RecordedEvent): string {
  const j = toJson(event);
  return `${j.position.padStart(6)}  ${j.occurredAt}  ${j.stream}@${j.revision}  ${j.type}  by ${j.actor}  ${JSON.stringify(j.data)}`;
}

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage);
    process.exit(name ? 2 : 0);
  }
  const code = await command(args);
  // Piped into another program, stdout is asynchronous: exit only once everything written has left.
  await flushed(process.stdout);
  await flushed(process.stderr);
  process.exit(code);
}

function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
