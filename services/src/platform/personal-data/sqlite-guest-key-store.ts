import Database from 'better-sqlite3';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import type { CommitRider } from '../event-store/sqlite-event-store.js';
import { pooledRandomBytes } from './random-pool.js';
import { truncateWalUntilEmptied } from '../wal-checkpointer.js';
import { GUEST_KEY_BYTES, type GuestKeyStore } from './guest-key-store.js';

/**
 * Embedded keys: a `guest_keys` table in events.sqlite, on a connection of its own. That connection
 * commits without fsync (synchronous=NORMAL): its commit lands in the same write-ahead log before the
 * event that uses the key, and the event store fsyncs the log before it acknowledges that event, so a
 * key is on disk before any event needing it is acknowledged, without a second fsync per booking. A backup
 * of events.sqlite holds the keys with the events they open. secure_delete zeroes a deleted key's
 * bytes, and the checkpoint after a delete takes the old page out of the log.
 *
 * Given the event store (`events`), a new key is not committed on its own: it is kept in memory and
 * written at the start of the next commit of events, in the same transaction as the first event
 * sealed with it, so a booking by a new guest costs no commit of its own.
 */
export class SqliteGuestKeyStore implements GuestKeyStore {
  readonly kind = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly select: Database.Statement<[string], { key: Buffer }>;
  private readonly insert: Database.Statement<[string, Buffer, string]>;
  private readonly remove: Database.Statement<[string]>;
  private readonly selectMany: Database.Statement<[string], [ref: string, key: Buffer]>;
  private pending = new Map<string, { promise: Promise<Buffer>; resolve: (key: Buffer) => void; reject: (error: unknown) => void }>();
  /** Keys handed out and waiting for the next commit of events (with `events` only). */
  private unsaved = new Map<string, Buffer>();
  private written: string[] = [];
  private readonly riding: boolean;

  constructor(
    readonly file: string,
    events?: { carry(rider: CommitRider): void; readonly database?: Database.Database },
  ) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('secure_delete = ON');
    this.db.pragma('wal_autocheckpoint = 0');
    this.db.exec(`CREATE TABLE IF NOT EXISTS guest_keys (ref TEXT PRIMARY KEY, key BLOB NOT NULL, created_at TEXT NOT NULL) WITHOUT ROWID`);
    // Keys are looked up on the event store's connection when it is given: that connection wrote the
    // log's last commit itself, so its page cache is still good, where this one's is dropped after every
    // commit of events (a lookup read its pages from the file again: a twentieth of a booking's time).
    const reads = events?.database ?? this.db;
    this.select = reads.prepare('SELECT key FROM guest_keys WHERE ref = ?');
    this.insert = this.db.prepare('INSERT OR IGNORE INTO guest_keys (ref, key, created_at) VALUES (?, ?, ?)');
    this.remove = this.db.prepare('DELETE FROM guest_keys WHERE ref = ?');
    // Each listed ref looked up by key (a join: `IN (subquery)` first builds a sorted list, 20 % slower per key),
    // rows as arrays: no object per key on a replay's every page.
    this.selectMany = reads
      .prepare<[string], [ref: string, key: Buffer]>('SELECT g.ref, g.key FROM json_each(?) AS j JOIN guest_keys AS g ON g.ref = j.value')
      .raw();
    this.riding = events !== undefined;
    events?.carry(this.rider());
  }

  private rider(): CommitRider {
    let insert: Database.Statement<[string, Buffer, string]> | null = null;
    let select: Database.Statement<[string], { key: Buffer }> | null = null;
    return {
      write: (db) => {
        this.written = [];
        if (this.unsaved.size === 0) return;
        insert ??= db.prepare('INSERT OR IGNORE INTO guest_keys (ref, key, created_at) VALUES (?, ?, ?)');
        select ??= db.prepare('SELECT key FROM guest_keys WHERE ref = ?');
        const now = new Date().toISOString();
        for (const [ref, key] of this.unsaved) {
          if (insert.run(ref, key, now).changes === 0 && !select.get(ref)!.key.equals(key)) {
            // Another process made this guest's key first: what was sealed with ours must be sealed again.
            this.unsaved.delete(ref);
            throw new WrongExpectedRevisionError(`guestKey-${ref.slice(0, 12)}`, 'no_stream', 0n);
          }
          this.written.push(ref);
        }
      },
      committed: () => {
        for (const ref of this.written) this.unsaved.delete(ref);
        this.written = [];
      },
    };
  }

  getOrCreate(ref: string): Promise<Buffer> {
    const unsaved = this.unsaved.get(ref);
    if (unsaved) return Promise.resolve(unsaved);
    const found = this.select.get(ref);
    if (found) return Promise.resolve(found.key);
    if (this.riding) {
      const key = pooledRandomBytes(GUEST_KEY_BYTES);
      this.unsaved.set(ref, key);
      return Promise.resolve(key);
    }
    let pending = this.pending.get(ref);
    if (!pending) {
      let resolve!: (key: Buffer) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<Buffer>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      pending = { promise, resolve, reject };
      this.pending.set(ref, pending);
      if (this.pending.size === 1) setImmediate(() => this.createPending());
    }
    return pending.promise;
  }

  /**
   * New keys asked for together are written in one transaction (one write to the log, not one per
   * guest). Another process may create the same key at the same moment: INSERT OR IGNORE, then read
   * whichever won.
   */
  private createPending(): void {
    const batch = this.pending;
    this.pending = new Map();
    try {
      const now = new Date().toISOString();
      this.db.transaction(() => {
        for (const ref of batch.keys()) this.insert.run(ref, pooledRandomBytes(GUEST_KEY_BYTES), now);
      })();
      for (const [ref, pending] of batch) pending.resolve(this.select.get(ref)!.key);
    } catch (error) {
      for (const pending of batch.values()) pending.reject(error);
    }
  }

  getMany(refs: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    for (const ref of refs) {
      const unsaved = this.unsaved.get(ref);
      if (unsaved) keys.set(ref, unsaved);
    }
    if (refs.length === 1) {
      const found = this.select.get(refs[0]!);
      if (found && !keys.has(refs[0]!)) keys.set(refs[0]!, found.key);
    } else if (refs.length > 1) {
      // One statement for a page of events, not one per guest.
      for (const [ref, key] of this.selectMany.all(JSON.stringify(refs))) if (!keys.has(ref)) keys.set(ref, key);
    }
    return Promise.resolve(keys);
  }

  delete(ref: string): Promise<boolean> {
    const dropped = this.unsaved.delete(ref);
    const deleted = this.remove.run(ref).changes > 0 || dropped;
    // No old page holding the key may stay in events.sqlite-wal.
    if (deleted) truncateWalUntilEmptied(this.db);
    return Promise.resolve(deleted);
  }

  close(): Promise<void> {
    this.createPending();
    // Keys no commit of events has carried yet (none of their events was stored): kept all the same.
    if (this.unsaved.size > 0 && this.db.open) {
      const now = new Date().toISOString();
      this.db.transaction(() => {
        for (const [ref, key] of this.unsaved) this.insert.run(ref, key, now);
      })();
      this.unsaved.clear();
    }
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}
