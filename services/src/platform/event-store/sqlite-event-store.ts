import Database from 'better-sqlite3';
import { WalCheckpointer, truncateWalUntilEmptied } from '../wal-checkpointer.js';
import { WalSync } from '../wal-sync.js';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { preparePrivateFile } from '../private-files.js';
import { DiskRefusedError, diskTroubleOf, diskTroubles } from '../disk-trouble.js';
import { prepareReads, RecentCommits, toRecorded, type Row, type Statements } from './sqlite-rows.js';
import { pollingSubscription } from './sqlite-subscription.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type StreamAppend,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from './event-store.js';

/**
 * Rows another embedded adapter stores in the next commit of events (new guest keys): written at the
 * start of its transaction, so they are on disk, fsynced, with the first events that need them, without
 * a commit of their own. `write` may throw to fail the whole commit (every append in it is refused).
 */
export interface CommitRider {
  write(db: Database.Database): void;
  committed(): void;
}

interface PendingAppend {
  appends: StreamAppend[];
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

/** How often a subscription looks for events appended by another process (the ops CLI, a second gateway). */
const POLL_MS = 1000;
const PAGE = 500;
/** Recent events kept for the subscriptions (RecentCommits). */
const RECENT = 4000;

/**
 * Embedded EventStore: one SQLite file (WAL). Appends arriving together share one commit (group
 * commit), and no append is acknowledged, announced to subscribers or read back before the log holding
 * it is fsynced. The UNIQUE (stream_id, revision) index turns a lost race into a typed conflict even
 * across processes.
 *
 * The fsync runs on libuv's thread pool, not inside the commit: SQLite writes the commit with
 * synchronous=NORMAL (consistent after a crash, durable only once the log is synced), then this store
 * syncs the log itself. The event loop keeps serving requests, and the next batch commits, while the
 * disk flushes; one fsync covers every commit written before it started.
 */
export class SqliteEventStore implements EventStore {
  readonly kind = 'embedded-sqlite';
  private readonly db: Database.Database;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;
  private pending: PendingAppend[] = [];
  private readonly appendBatch: Database.Transaction<(batch: PendingAppend[]) => (AppendResult[] | Error)[]>;
  readonly atomicAppends = true;
  private readonly commitStats = { appends: 0, commits: 0 };
  private readonly riders = new Set<CommitRider>();

  private readonly checkpointer: WalCheckpointer | null = null;
  private readonly statements: Statements;
  private readonly log: WalSync | null = null;

  constructor(readonly file: string) {
    if (file !== ':memory:') preparePrivateFile(file);
    this.db = new Database(file);
    this.db.defaultSafeIntegers(true);
    this.db.pragma('journal_mode = WAL');
    // Durability comes from WalSync (below): a commit is acknowledged only after its log is fsynced.
    this.db.pragma(file === ':memory:' ? 'synchronous = FULL' : 'synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    // A rewritten event (erasure of data stored before encryption) leaves no old bytes in free space.
    this.db.pragma('secure_delete = ON');
    if (file !== ':memory:') {
      // Checkpoints (copying the log into the file, with their fsyncs) run on a worker thread, not inside
      // the commit that crosses SQLite's threshold, where they would hold every request waiting.
      this.db.pragma('wal_autocheckpoint = 0');
      const db = this.db;
      this.checkpointer = new WalCheckpointer(file, this.db, {
        onStopped: () => {
          if (db.open) db.pragma('wal_autocheckpoint = 1000');
        },
      });
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position    INTEGER PRIMARY KEY AUTOINCREMENT,
        id          TEXT NOT NULL UNIQUE,
        stream_id   TEXT NOT NULL,
        revision    INTEGER NOT NULL,
        type        TEXT NOT NULL,
        data        TEXT NOT NULL,
        metadata    TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      );
    `);
    this.appended.setMaxListeners(0);
    this.statements = prepareReads(this.db);
    if (file !== ':memory:') this.log = new WalSync(`${file}-wal`, () => this.commitPending());
    // CAST: compiled once, not at every call (see prepareReads); every append looks its stream's tip up.
    const last = this.db.prepare<[string], { revision: bigint; id: string }>(
      'SELECT revision, id FROM events WHERE stream_id = CAST(? AS TEXT) ORDER BY revision DESC LIMIT 1',
    );
    const byId = this.db.prepare<[string], { stream_id: string; revision: bigint; position: bigint }>(
      'SELECT stream_id, revision, position FROM events WHERE id = ?',
    );
    const insert = this.db.prepare(
      `INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at)
       VALUES (@id, @stream_id, @revision, @type, @data, @metadata, @recorded_at)`,
    );
    /** The original result of an append whose events are stored already (a retry), or null. */
    const stored = (append: StreamAppend): AppendResult | null => {
      const first = append.events[0]?.id;
      const found = first === undefined ? undefined : byId.get(first);
      if (!found) return null;
      if (found.stream_id !== append.streamId) throw new Error(`Event ${first} is stored on another stream (${found.stream_id})`);
      const lastOfAppend = byId.get(append.events[append.events.length - 1]!.id ?? first!) ?? found;
      return { nextExpectedRevision: lastOfAppend.revision, position: lastOfAppend.position };
    };
    const appendOne = (append: StreamAppend, recordedAt: string): AppendResult => {
      // Without a revision to expect, nothing would tell a repeat from a new append: look its ids up first.
      const loose = append.expectedRevision === 'any' || append.expectedRevision === 'stream_exists';
      const earlier = loose ? stored(append) : null;
      if (earlier) return earlier;
      const tip = last.get(append.streamId);
      try {
        checkExpected(append.streamId, append.expectedRevision, tip?.revision ?? null);
        if (append.expectedLastEventId !== undefined && tip?.id !== append.expectedLastEventId) {
          throw new WrongExpectedRevisionError(append.streamId, append.expectedRevision, tip?.revision ?? 'no_stream');
        }
      } catch (error) {
        // A repeat finds its stream moved on by itself: only then are its ids looked up.
        const repeat = loose ? null : stored(append);
        if (repeat) return repeat;
        throw error;
      }
      let revision = tip ? tip.revision : -1n;
      let position = 0n;
      for (const event of append.events) {
        revision += 1n;
        const row = {
          id: event.id ?? randomUUID(),
          stream_id: append.streamId,
          revision,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
          recorded_at: recordedAt,
        };
        position = BigInt(insert.run(row).lastInsertRowid);
        this.inserted.push({ ...row, position });
      }
      return { nextExpectedRevision: revision, position };
    };
    // A transaction function called inside another runs as a savepoint: its failure undoes only itself,
    // so one decision's appends to several streams are stored all together or not at all.
    const appendGroup = this.db.transaction((group: PendingAppend, recordedAt: string): AppendResult[] => {
      const before = this.inserted.length;
      try {
        return group.appends.map((append) => appendOne(append, recordedAt));
      } catch (error) {
        this.inserted.length = before;
        throw error;
      }
    });
    this.appendBatch = this.db.transaction((batch: PendingAppend[]): (AppendResult[] | Error)[] => {
      for (const rider of this.riders) rider.write(this.db);
      const recordedAt = new Date().toISOString();
      return batch.map((group) => {
        try {
          return appendGroup(group, recordedAt);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) return error;
          if (isUniqueViolation(error)) {
            const streamId = group.appends[0]!.streamId;
            const actual = last.get(streamId)?.revision ?? null;
            return new WrongExpectedRevisionError(streamId, group.appends[0]!.expectedRevision, actual ?? 'no_stream');
          }
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    });
  }

  /** Has `rider` write its rows in every commit of events from now on. */
  carry(rider: CommitRider): void {
    this.riders.add(rider);
  }

  /** The underlying database, for other embedded adapters that share the file (sessions). */
  get database(): Database.Database {
    return this.db;
  }

  /**
   * Group commit: appends that arrive while the thread is busy (with a commit, or with other requests)
   * wait for the next turn of the event loop and are committed together, in one transaction and one
   * fsync. Each keeps its own expected-revision check in a savepoint, so one conflicting append fails
   * alone; none is acknowledged before the transaction holding it is on disk.
   */
  appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    return this.enqueue([{ streamId, events, expectedRevision: options.expectedRevision ?? 'any' }]).then(([result]) => result!);
  }

  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (!appends.some((append) => append.events.length > 0)) return Promise.reject(new Error('appendToStreams needs at least one event'));
    return this.enqueue(appends);
  }

  private enqueue(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ appends, resolve, reject });
      // While the log is being synced, appends wait for it to end and then share one commit: they
      // could not be acknowledged before the next sync anyway, and one commit writes each page once.
      if (this.pending.length === 1 && !this.log?.syncing) setImmediate(() => this.commitPending());
    });
  }

  /** Appends committed together so far, and how many commits they took (tests and benches). */
  get groupCommitStats(): { appends: number; commits: number } {
    return { ...this.commitStats };
  }

  private commitPending(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: (AppendResult[] | Error)[];
    this.inserted = [];
    try {
      outcomes = this.appendBatch.immediate(batch);
    } catch (error) {
      // The transaction itself failed (disk full, locked past busy_timeout): nothing of it was written.
      const refusal = this.refusal(error);
      for (const append of batch) append.reject(refusal);
      return;
    }
    for (const rider of this.riders) rider.committed();
    this.recent.keep(this.inserted);
    this.commitStats.commits += 1;
    this.commitStats.appends += batch.length;
    let head = 0n;
    for (const outcome of outcomes) {
      if (outcome instanceof Error) continue;
      for (const result of outcome) if (result.position > head) head = result.position;
    }
    const answer = (syncError: Error | null) => {
      // Subscribers hear of the commit before the writers' answers, so read-your-writes waits no longer.
      if (!syncError && head > 0n) this.appended.emit('appended', head);
      // Never acknowledged unless the log holding it is on disk: a failed sync refuses every append it covered.
      const refusal = syncError ? this.refusal(syncError) : null;
      if (!syncError && head > 0n && this.file !== ':memory:') diskTroubles.report(this.file, null);
      for (const [i, outcome] of outcomes.entries()) {
        if (refusal) batch[i]!.reject(refusal);
        else if (outcome instanceof Error) batch[i]!.reject(this.refusal(outcome));
        else batch[i]!.resolve(outcome);
      }
    };
    if (!this.log || head === 0n) answer(null);
    else this.log.afterSync(head, answer);
  }

  /**
   * A write the disk refused (full, read-only, failing) as the writer's clear 503 (DiskRefusedError),
   * reported to /readyz until a commit or a write in the directory works again; any other error as it is.
   */
  private refusal(error: unknown): unknown {
    if (error instanceof DiskRefusedError || this.file === ':memory:') return error;
    const trouble = diskTroubleOf(error, this.file);
    if (!trouble) return error;
    diskTroubles.report(this.file, trouble, { clearedByProbe: true });
    return new DiskRefusedError(trouble, error);
  }

  /**
   * Runs a read. Rows past what is on disk wait for the fsync under way: nothing is decided on, or
   * shown, before it is durable. No extra turn when nothing waits, so subscribers see a commit as
   * soon as they did before.
   */
  private read(query: () => Row[]): Promise<RecordedEvent[]> {
    let rows: Row[];
    try {
      rows = query();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    let last = 0n;
    for (const row of rows) if (row.position > last) last = row.position;
    const synced = last > 0n ? this.log?.durable(last) : null;
    return synced ? synced.then(() => rows.map(toRecorded)) : Promise.resolve(rows.map(toRecorded));
  }

  /**
   * Replaces events' data in place: only for erasing personal data that was stored in plain text
   * before encryption (the log is otherwise append-only). The log is emptied into the file after, so
   * the old bytes are gone from both (secure_delete zeroes what the update frees).
   */
  rewriteEventData(updates: { id: string; data: unknown }[]): Promise<number> {
    const update = this.db.prepare<[string, string]>('UPDATE events SET data = ? WHERE id = ?');
    // Nothing rewritten may still be handed out as it was.
    this.recent.clear();
    const rewritten = this.db.transaction(() => updates.reduce((n, u) => n + update.run(JSON.stringify(u.data), u.id).changes, 0))();
    if (this.file !== ':memory:') truncateWalUntilEmptied(this.db);
    return Promise.resolve(rewritten);
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? -1;
    return this.read(() =>
      options.direction === 'backwards'
        ? this.statements.streamBackwards.all(streamId, options.fromRevision ?? BigInt(Number.MAX_SAFE_INTEGER), limit)
        : this.statements.streamForwards.all(streamId, options.fromRevision ?? 0n, limit),
    );
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? -1;
    const recent = options.direction === 'backwards' ? null : this.fromRecent(options.after ?? 0n, limit);
    if (recent) return recent;
    return this.read(() =>
      options.direction === 'backwards'
        ? this.statements.allBackwards.all(options.after ?? BigInt(Number.MAX_SAFE_INTEGER), limit)
        : this.statements.allForwards.all(options.after ?? 0n, limit),
    );
  }

  private readonly recent = new RecentCommits(RECENT);
  private inserted: Row[] = [];

  private fromRecent(after: Position, limit: number): Promise<RecordedEvent[]> | null {
    const kept = this.recent.after(after, limit);
    if (!kept) return null;
    const { found, end } = kept;
    let events = found;
    // Past the kept run lie only other processes' commits: the file is read only when there are some.
    if ((limit < 0 || found.length < limit) && this.othersHead() > end) {
      try {
        const later = this.statements.allForwards.all(after > end ? after : end, limit < 0 ? -1 : limit - found.length);
        if (later.length) events = [...found, ...later.map(toRecorded)];
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    // As read(): nothing past what is on disk, and no extra turn when nothing waits.
    const last = events.at(-1)?.position;
    const synced = last === undefined ? null : this.log?.durable(last);
    return synced ? synced.then(() => events) : Promise.resolve(events);
  }

  private seenVersion: bigint | null = null;
  private otherHead: Position = 0n;

  /**
   * The log's head as of another connection's last commit: an SQL read only when one committed since the
   * last look. Each subscriber used to ask the file for events past this process's kept commits after
   * every commit, finding none almost always (7 % of a busy gateway's CPU).
   */
  private othersHead(): Position {
    const version = this.statements.dataVersion.get()!;
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.otherHead = this.statements.head.get()?.p ?? 0n;
    }
    return this.otherHead;
  }

  async headPosition(): Promise<Position> {
    return this.statements.head.get()?.p ?? 0n;
  }

  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
    const subscription = pollingSubscription(
      {
        readPage: (after) => this.readAll({ after, maxCount: PAGE }),
        pageSize: PAGE,
        pollMs: POLL_MS,
        appended: this.appended,
        onClosed: () => this.subscriptions.delete(subscription),
      },
      handler,
      options,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already accepted are committed (and answered) before the file closes.
    this.commitPending();
    this.closed = true;
    // A subscription left open would otherwise poll a closed database on its next tick.
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    this.appended.removeAllListeners();
    await this.log?.close();
    await this.checkpointer?.close();
    this.db.close();
    if (this.file !== ':memory:') diskTroubles.report(this.file, null);
  }
}

function checkExpected(streamId: string, expected: ExpectedRevision, current: bigint | null): void {
  if (expected === 'any') return;
  if (expected === 'no_stream') {
    if (current !== null) throw new WrongExpectedRevisionError(streamId, expected, current);
    return;
  }
  if (expected === 'stream_exists') {
    if (current === null) throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
    return;
  }
  if (current !== expected) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
