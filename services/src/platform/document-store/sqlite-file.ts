import Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import type { Logger } from 'pino';
import { preparePrivateFile } from '../private-files.js';

// Opening the embedded store's file (pragmas, tables, format and integrity checks), apart from the
// store: a file that cannot be trusted is set aside here, before the store reads anything of it.

/**
 * Bumped when the file's layout changes: an older file is set aside and the read models rebuilt.
 * 2: documents in a rowid table (bodies only in its leaves) with the (collection, id) key in an index:
 * format 1 kept whole bodies in a WITHOUT ROWID key, so interior pages held few keys and a lookup of
 * a booking's history (about 1 KB) walked overflow pages; the file was twice as large.
 */
const FORMAT = 2;

/** The file opened and checked; one that is damaged, of another format or unreadable is set aside and started afresh. */
export function openOrSetAside(file: string, logger: Logger | undefined): Database.Database {
  const db = openChecked(file);
  if (db) return db;
  const aside = `${file}.unreadable-${Date.now()}`;
  logger?.warn({ file, aside }, 'read-model file damaged or of another format: set aside, the read models are rebuilt');
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  return openChecked(file)!;
}

/** The file opened and checked, or null when it cannot be trusted. */
function openChecked(file: string): Database.Database | null {
  let db: Database.Database | null = null;
  try {
    if (file !== ':memory:') preparePrivateFile(file);
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    // Read models hold guests' names, e-mails and phones: an erased guest's old rows must not live on in
    // the file's free space. secure_delete zeroes what an update or delete frees (guest-privacy's scrubber empties the log).
    db.pragma('secure_delete = ON');
    // The file outgrows SQLite's 2 MB default cache within months of bookings: random-id writes then miss on every page.
    db.pragma('cache_size = -65536');
    db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id         TEXT NOT NULL,
        body       TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      );
    `);
    const format = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'format'").get();
    if (format === undefined) {
      const empty = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents').get()!.n === 0;
      if (!empty) throw new Error('documents without a format');
      db.prepare("INSERT INTO meta (key, value) VALUES ('format', ?)").run(String(FORMAT));
    } else if (format.value !== String(FORMAT)) {
      throw new Error(`format ${format.value}, expected ${FORMAT}`);
    }
    // The walk of the whole file is for a file its last process did not close (a crash, a kill): it
    // was a fifth of a restart's time at 100,000 events. Cleared until this process closes it in turn.
    const closed = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'closed'").get();
    if (closed?.value !== 'clean') {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`quick_check: ${String(check)}`);
    }
    db.prepare("DELETE FROM meta WHERE key = 'closed'").run();
    return db;
  } catch {
    db?.close();
    return null;
  }
}
