import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { opsOutput, type OpsIo } from '../platform/commands/ops-io.js';
import { openStores } from '../platform/runtime/ports.js';
import { mailRecord, type MailStep } from './mail-record.js';

export const mailUsage = `  mail <event id> [--cafe] [--json]          one mail of an event (the guest's, or the café's copy): claimed, sent, failed, abandoned or skipped
`;

/**
 * `npm run ops -- mail <event id>`: what became of the mail an event sent, from the batches on the reactor's
 * stream and the mail's own stream together (`events --stream` shows one stream only).
 */
export async function mailCommand(args: string[], io: OpsIo = {}): Promise<number> {
  const { print, printError } = opsOutput(io);
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { cafe: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  const [eventId] = positionals;
  if (!eventId) {
    printError(`Usage:\n${mailUsage}`);
    return 2;
  }
  const stores = await openStores(loadConfig(io.env ?? process.env));
  try {
    const steps = await mailRecord(stores.eventStore, eventId, values.cafe ? 'cafe' : 'guest');
    if (values.json) for (const step of steps) print(JSON.stringify({ ...step, position: step.position.toString() }));
    else if (steps.length === 0) print(`No mail recorded for event ${eventId}${values.cafe ? " (the café's copy)" : ''}`);
    else for (const step of steps) print(lineOf(step));
    return 0;
  } finally {
    await stores.close();
  }
}

const lineOf = ({ type, data }: MailStep) =>
  [
    type,
    ...Object.entries(data)
      .filter(([key]) => key !== 'sourceEventId')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`),
  ].join('  ');
