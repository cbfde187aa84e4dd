import Database from 'better-sqlite3';
import type { SessionStorePort } from './session-store.js';
import { preparePrivateFile } from '../private-files.js';
import { truncateWal } from '../wal-checkpointer.js';

/** Embedded mode: DATA_DIR/sessions.sqlite, so a signed-in admin stays signed in across restarts. */
export class SqliteSessionStore implements SessionStorePort {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements;
  private writes = 0;

  constructor(private readonly path: string) {
    if (path !== ':memory:') preparePrivateFile(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    // Sessions hold who signed in (e-mail, name): an ended one's bytes must not stay in free space.
    this.db.pragma('secure_delete = ON');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, sess TEXT NOT NULL, expire INTEGER NOT NULL);' +
        'CREATE INDEX IF NOT EXISTS sessions_expire ON sessions (expire);',
    );
    this.statements = {
      get: this.db.prepare<[string, number], { sess: string }>('SELECT sess FROM sessions WHERE sid = ? AND expire > ?'),
      set: this.db.prepare<[string, string, number]>(
        'INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?) ON CONFLICT (sid) DO UPDATE SET sess = excluded.sess, expire = excluded.expire',
      ),
      destroy: this.db.prepare<[string]>('DELETE FROM sessions WHERE sid = ?'),
      prune: this.db.prepare<[number]>('DELETE FROM sessions WHERE expire <= ?'),
      // A scan: forget is rare and sessions few (they expire); no index on the JSON is worth its writes.
      destroyForEmail: this.db.prepare<[string]>("DELETE FROM sessions WHERE json_extract(sess, '$.user.email') = ?"),
    };
  }

  async get(sid: string) {
    const row = this.statements.get.get(sid, Date.now());
    return row ? (JSON.parse(row.sess) as Record<string, unknown>) : null;
  }

  async set(sid: string, sess: Record<string, unknown>, expire: Date) {
    this.statements.set.run(sid, JSON.stringify(sess), expire.getTime());
    // Expired rows go away now and then, as MongoDB's TTL index does for the production store.
    if (++this.writes % 100 === 1) this.statements.prune.run(Date.now());
  }

  async destroy(sid: string) {
    this.statements.destroy.run(sid);
  }

  async destroyForEmail(email: string) {
    const ended = this.statements.destroyForEmail.run(email).changes;
    // The file rewritten and its log emptied: nothing of the session is left in a page's gap or the -wal.
    if (ended > 0 && this.path !== ':memory:') {
      this.db.exec('VACUUM');
      truncateWal(this.db);
    }
    return ended;
  }

  async close() {
    if (this.db.open) this.db.close();
  }
}
