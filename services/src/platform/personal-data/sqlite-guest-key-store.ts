import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { truncateWal } from '../wal-checkpointer.js';
import { GUEST_KEY_BYTES, type GuestKeyStore } from './guest-key-store.js';

/**
 * Embedded keys: a `guest_keys` table in events.sqlite, on a connection of its own. That connection
 * commits without fsync (synchronous=NORMAL): its commit lands in the same write-ahead log before the
 * event that uses the key, and the event's own commit (synchronous=FULL) syncs the log, so a key is
 * on disk before any event needing it is acknowledged, without a second fsync per booking. A backup
 * of events.sqlite holds the keys with the events they open. secure_delete zeroes a deleted key's
 * bytes, and the checkpoint after a delete takes the old page out of the log.
 */
export class SqliteGuestKeyStore implements GuestKeyStore {
  readonly kind = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { key: Buffer }>;
  private readonly insert: Database.Statement<[string, Buffer, string]>;
  private readonly remove: Database.Statement<[string]>;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('wal_autocheckpoint = 0');
    this.db.exec(`CREATE TABLE IF NOT EXISTS guest_keys (ref TEXT PRIMARY KEY, key BLOB NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID`);
    this.select = this.db.prepare('SELECT key FROM guest_keys WHERE ref = ?');
    this.insert = this.db.prepare('INSERT OR IGNORE INTO guest_keys (ref, key, created_at) VALUES (?, ?, ?)');
    this.remove = this.db.prepare('DELETE FROM guest_keys WHERE ref = ?');
  }

  getOrCreate(ref: string): Promise<Buffer> {
    const found = this.select.get(ref);
    if (found) return Promise.resolve(found.key);
    // Another process may create it at the same moment: INSERT OR IGNORE, then read whichever won.
    this.insert.run(ref, randomBytes(GUEST_KEY_BYTES), new Date().toISOString());
    return Promise.resolve(this.select.get(ref)!.key);
  }

  getMany(refs: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    for (const ref of refs) {
      const found = this.select.get(ref);
      if (found) keys.set(ref, found.key);
    }
    return Promise.resolve(keys);
  }

  delete(ref: string): Promise<boolean> {
    const deleted = this.remove.run(ref).changes > 0;
    // No old page holding the key may stay in events.sqlite-wal.
    if (deleted) truncateWal(this.db);
    return Promise.resolve(deleted);
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}
