import { resolve } from 'node:path';
import { loadConfig } from '../platform/config.js';
import { backupDataDir, BackupError, restoreDataDir } from '../platform/backup/embedded-backup.js';

/** `npm run ops -- backup <folder>` and `restore <folder>`: the embedded store's DATA_DIR, online. */
export const backupUsage = `  backup <folder>                             copy the events, uploads and outbox into a new folder (online)
  restore <folder>                            put a backup into an empty DATA_DIR
`;

const REAL_SERVERS = 'With STORE=eventstoredb the data lives in EventStoreDB and MongoDB: back them up as README.md ("Backups") says.';

export async function backupCommand(args: string[]): Promise<number> {
  const [target] = args;
  if (!target || args.length > 1) return usage('backup <folder>   (a new folder: it must not exist yet)');
  const config = loadConfig();
  if (config.store !== 'embedded') return refuse(REAL_SERVERS);
  const started = performance.now();
  try {
    const manifest = await backupDataDir(config.dataDir, fromCaller(target));
    const folders = manifest.folders.map((f) => `${f.name}: ${f.files} files`).join(', ') || 'no uploads or outbox yet';
    console.log(
      `Backed up ${manifest.events.count} events (up to position ${manifest.events.head}) and ${folders} from ${config.dataDir} ` +
        `to ${fromCaller(target)} in ${Math.round(performance.now() - started)} ms.\n` +
        'Not copied: read-models.sqlite (rebuilt from the events on the first start) and sessions.sqlite (staff sign in again).',
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return refuse(error.message);
    throw error;
  }
}

export async function restoreCommand(args: string[]): Promise<number> {
  const [source] = args;
  if (!source || args.length > 1) return usage('restore <folder>   (a folder written by backup)');
  const config = loadConfig();
  if (config.store !== 'embedded') return refuse(REAL_SERVERS);
  try {
    const manifest = await restoreDataDir(fromCaller(source), config.dataDir);
    const folders = manifest.folders.map((f) => `${f.name}: ${f.files} files`).join(', ') || 'no uploads or outbox';
    console.log(
      `Restored ${manifest.events.count} events (up to position ${manifest.events.head}) and ${folders}, backed up at ` +
        `${manifest.createdAt}, into ${config.dataDir}.\nStart the gateway: it rebuilds the read models from the events.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) return refuse(error.message);
    throw error;
  }
}

/** npm runs the script inside services/: a relative path means the operator's directory, as DATA_DIR does. */
function fromCaller(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

function usage(text: string): number {
  console.error(`Usage: npm run ops -- ${text}`);
  return 2;
}

function refuse(message: string): number {
  console.error(message);
  return 1;
}
