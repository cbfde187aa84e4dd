import { resolve } from 'node:path';
import { loadConfig, type Config } from '../platform/config.js';
import { backupDataDir, BackupError, restoreDataDir } from '../platform/backup/embedded-backup.js';
import { dropDerivedFromLog } from '../platform/backup/derived-from-log.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { CHECKPOINTS } from '../platform/projections/projection-engine.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { REACTOR_CHECKPOINTS } from '../notifications/index.js';
import { projectorAlive } from '../system/index.js';

/**
 * `npm run ops -- backup <folder>` and `restore <folder>`: the embedded store's DATA_DIR, online. With
 * STORE=eventstoredb, `restore --read-models`: the step of README's restore that leaves MongoDB nothing
 * derived from the old log (platform/backup/derived-from-log.ts).
 */
export const backupUsage = `  backup <folder>                             copy the events, uploads and outbox into a new folder (online)
  restore <folder>                            put a backup into an empty DATA_DIR
  restore --read-models                       STORE=eventstoredb, after restoring the events and keys: drop MongoDB's read models and old positions
`;

const REAL_SERVERS =
  'With STORE=eventstoredb the data lives in EventStoreDB and MongoDB: back them up and restore them as README.md ("Backups") says; ' +
  'its restore runs `npm run ops -- restore --read-models` once the events and keys are back.';
/** The positions in the log MongoDB keeps: the projections' checkpoints, the e-mail reactor's. */
export const LOG_POSITIONS = [CHECKPOINTS, REACTOR_CHECKPOINTS] as const;
export const PROJECTOR_FIRST =
  'Start the projector first (docker compose up -d projector): it builds every read model from the restored log. Then the gateway (docker compose up -d).';
const PROJECTOR_RUNNING =
  'A projector is running (its heartbeat is recent): it would write the old positions back. Stop it and the gateway first (docker compose stop gateway projector).';

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
  if (!source || args.length > 1)
    return usage('restore <folder>   (a folder written by backup), or restore --read-models (STORE=eventstoredb)');
  const config = loadConfig();
  if (source === '--read-models') return config.store === 'embedded' ? refuse(EMBEDDED_READ_MODELS) : restoreReadModels(config);
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

const EMBEDDED_READ_MODELS =
  'restore --read-models is for STORE=eventstoredb: an embedded restore fills an empty DATA_DIR, which holds no read models to drop.';

async function restoreReadModels(config: Config): Promise<number> {
  const { MongoDocumentStore } = await import('../platform/document-store/mongo-document-store.js');
  const { features } = await import('../features.js');
  const documents = await MongoDocumentStore.connect(config.mongoUrl!, config.mongoDb);
  try {
    return await dropOldLogReadModels(
      documents,
      allProjections(features).map((p) => p.name),
    );
  } finally {
    await documents.close();
  }
}

/** MongoDB's read models and positions of the log it had go; refused while a projector runs (it would write them back). */
export async function dropOldLogReadModels(documents: DocumentStore, readModels: readonly string[], now = Date.now()): Promise<number> {
  if (await projectorAlive(documents, now)) return refuse(PROJECTOR_RUNNING);
  const dropped = await dropDerivedFromLog(documents, { readModels, positions: LOG_POSITIONS });
  console.log(`Dropped what MongoDB derived from the old log: ${dropped.join(', ') || 'nothing was there'}.\n${PROJECTOR_FIRST}`);
  return 0;
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
