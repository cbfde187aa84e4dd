import Database from 'better-sqlite3';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ensurePrivateDir } from '../private-files.js';

/**
 * Backup and restore of the embedded store's DATA_DIR, while the gateway runs.
 *
 * What is copied, and why:
 *   events.sqlite        the truth. Copied with SQLite's online backup API (better-sqlite3's
 *                        db.backup()) in one step, so the copy is one consistent snapshot even while
 *                        the gateway appends: a write by another connection mid-copy restarts it.
 *   uploads/             the gallery's files, named by the events (copied after the events: a file is
 *                        stored before the event that names it, and never deleted, so every file the
 *                        copied events name is in the copy).
 *   outbox/              the mails written as .eml files when no SMTP_URL is set (what was sent).
 * What is not:
 *   read-models.sqlite   derived: every read model is rebuilt from the events on the first start.
 *                        Copying it could only add a second snapshot that disagrees with the first.
 *   sessions.sqlite      ephemeral: staff sign in again. Restoring it would bring back sessions that
 *                        were signed out (or stolen) since.
 * A backup is a folder holding these and manifest.json; it is written under a temporary name and
 * renamed once complete, so a folder with that name is always a whole backup. Everything in it is
 * owner-only (0700 folders, 0600 files): it holds guests' personal data.
 */

export const BACKUP_FORMAT = 'cafe-embedded-backup';
const EVENTS = 'events.sqlite';
const MANIFEST = 'manifest.json';
/** The hash secret guests' keys are filed under (when generated, not set by GUEST_DATA_SECRET): without it `forget` finds no one. */
const GUEST_SECRET = 'guest-data-secret';
/** The folders of DATA_DIR that hold files worth keeping, besides the events. */
export const BACKED_UP_FOLDERS = ['uploads', 'outbox'] as const;
/** Copy every page in one step: one read transaction, one snapshot. */
const ALL_PAGES = 0x7fffffff;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  events: { file: typeof EVENTS; count: number; head: string };
  folders: { name: string; files: number; bytes: number }[];
}

export class BackupError extends Error {}

export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  const source = join(dataDir, EVENTS);
  if (!existsSync(source)) throw new BackupError(`There is no event store to back up at ${source} (check DATA_DIR).`);
  const destination = resolve(target);
  if (existsSync(destination))
    throw new BackupError(`${destination} already exists: a backup never overwrites anything. Choose a new name.`);
  if (!existsSync(dirname(destination))) throw new BackupError(`The folder ${dirname(destination)} does not exist.`);
  const partial = `${destination}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  try {
    const copy = join(partial, EVENTS);
    const db = new Database(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      await db.backup(copy, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    // A single self-contained file (no -wal beside it); the event store turns WAL on again when it opens it.
    const events = inspectEvents(copy, { toRollbackJournal: true });
    chmodSync(copy, 0o600);
    const folders = BACKED_UP_FOLDERS.filter((name) => existsSync(join(dataDir, name))).map((name) =>
      copyPrivateTree(join(dataDir, name), join(partial, name), name),
    );
    if (existsSync(join(dataDir, GUEST_SECRET))) {
      copyFileSync(join(dataDir, GUEST_SECRET), join(partial, GUEST_SECRET));
      chmodSync(join(partial, GUEST_SECRET), 0o600);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      events: { file: EVENTS, ...events },
      folders,
    };
    writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flush: true });
    renameSync(partial, destination);
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function restoreDataDir(backup: string, dataDir: string): Promise<BackupManifest> {
  const from = resolve(backup);
  const manifest = readManifest(from);
  if (existsSync(dataDir)) {
    const entries = readdirSync(dataDir);
    if (entries.length > 0) {
      const shown = entries.slice(0, 5).join(', ') + (entries.length > 5 ? ', …' : '');
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (${shown}). Restore only fills an empty folder, so it never overwrites data: ` +
          'stop the gateway, move that folder aside or point DATA_DIR at a new one, then run restore again.',
      );
    }
  }
  ensurePrivateDir(dataDir);
  // Checked under a temporary name: a DATA_DIR never holds an events file that is not the backup's whole.
  const temporary = join(dataDir, `.${EVENTS}.restoring`);
  copyFileSync(join(from, EVENTS), temporary);
  chmodSync(temporary, 0o600);
  const events = inspectEvents(temporary);
  if (events.count !== manifest.events.count || events.head !== manifest.events.head) {
    rmSync(temporary, { force: true });
    throw new BackupError(
      `${join(from, EVENTS)} holds ${events.count} events up to position ${events.head}, but the manifest says ` +
        `${manifest.events.count} up to ${manifest.events.head}: the backup is damaged.`,
    );
  }
  if (existsSync(join(from, GUEST_SECRET))) {
    copyFileSync(join(from, GUEST_SECRET), join(dataDir, GUEST_SECRET));
    chmodSync(join(dataDir, GUEST_SECRET), 0o600);
  }
  renameSync(temporary, join(dataDir, EVENTS));
  for (const folder of manifest.folders) copyPrivateTree(join(from, folder.name), join(dataDir, folder.name), folder.name);
  return manifest;
}

function readManifest(folder: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${folder} is not a backup made by \`npm run ops -- backup\` (no readable ${MANIFEST} in it).`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1 || !manifest.events || !Array.isArray(manifest.folders)) {
    throw new BackupError(`${join(folder, MANIFEST)} is not a manifest this version can restore.`);
  }
  for (const f of manifest.folders) {
    if (!(BACKED_UP_FOLDERS as readonly string[]).includes(f.name))
      throw new BackupError(`The manifest names an unknown folder: ${f.name}`);
  }
  return manifest as BackupManifest;
}

/** Checks a copied event file page by page and reads how many events it holds, up to which position. */
function inspectEvents(file: string, options: { toRollbackJournal?: boolean } = {}): { count: number; head: string } {
  const db = new Database(file, { fileMustExist: true });
  try {
    if (options.toRollbackJournal) db.pragma('journal_mode = DELETE');
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} failed SQLite's integrity check: ${String(check)}`);
    const row = db.prepare<[], { count: number; head: number | null }>('SELECT COUNT(*) AS count, MAX(position) AS head FROM events').get();
    return { count: row?.count ?? 0, head: String(row?.head ?? 0) };
  } finally {
    db.close();
  }
}

/** Copies a folder's files (not half-written temporaries) as owner-only: folders 0700, files 0600. */
function copyPrivateTree(from: string, to: string, name: string): BackupManifest['folders'][number] {
  let files = 0;
  let bytes = 0;
  const walk = (source: string, destination: string) => {
    mkdirSync(destination, { recursive: true, mode: 0o700 });
    chmodSync(destination, 0o700);
    for (const entry of readdirSync(source, { withFileTypes: true })) {
      const path = join(source, entry.name);
      if (entry.isDirectory()) walk(path, join(destination, entry.name));
      else if (entry.isFile() && !isTemporary(entry.name)) {
        const target = join(destination, entry.name);
        copyFileSync(path, target);
        chmodSync(target, 0o600);
        files++;
        bytes += statSync(target).size;
      }
    }
  };
  walk(from, to);
  return { name: basename(name), files, bytes };
}

/** The blob store and the outbox write to `*.tmp` and rename: such a file is not (yet) theirs. */
function isTemporary(name: string): boolean {
  return name.endsWith('.tmp');
}
