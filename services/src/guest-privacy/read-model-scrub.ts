import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { PERSONAL_DATA_ERASED_TYPES } from '@cafe/contracts';
import type { Position, Subscription } from '../platform/event-store/event-store.js';
import { SqliteDocumentStore } from '../platform/document-store/sqlite-document-store.js';
import { EncryptingEventStore } from '../platform/personal-data/encrypting-event-store.js';
import { truncateWal } from '../platform/wal-checkpointer.js';
import type { Runtime } from '../platform/runtime/runtime.js';

const ERASED = new Set<string>(PERSONAL_DATA_ERASED_TYPES);
const scrubbers = new WeakMap<Pick<Runtime, 'documents'>, ReadModelScrubber>();

/** Whether the log holds an erasure event after `from`, up to `head` (a restart's catch-up range: small). */
async function erasureBetween(events: Pick<Runtime['eventStore'], 'readAll'>, from: Position, head: Position): Promise<boolean> {
  for (let after = from; after < head;) {
    const page = await events.readAll({ after, maxCount: 1_000 });
    if (page.length === 0) return false;
    if (page.some((e) => ERASED.has(e.type) && e.position <= head)) return true;
    after = page[page.length - 1]!.position;
  }
  return false;
}

/** The runtime's scrubber, where its projections write the embedded file. */
export function scrubberOf(runtime: Pick<Runtime, 'documents'>): ReadModelScrubber | undefined {
  return scrubbers.get(runtime);
}

/** Started where the projections run (the feature's start); the returned function stops it. */
export async function startScrubber(runtime: Runtime): Promise<(() => Promise<void>) | undefined> {
  const scrubber = ReadModelScrubber.of(runtime);
  if (!runtime.engine || !scrubber) return undefined;
  await scrubber.start();
  scrubbers.set(runtime, scrubber);
  return async () => {
    scrubbers.delete(runtime);
    await scrubber.stop();
  };
}

/**
 * read-models.sqlite after an erasure: the store zeroes the bytes an update frees (secure_delete), but
 * its log (-wal) still holds the pages as they were before, with the guest's rows, until a writer starts
 * it over. Once the read models have applied an erasure event, this copies the log into the file and
 * empties it, from its own connection as the store's checkpointer does. It runs where the projections
 * run, for every erasure however it came (the dashboard, `ops forget` beside a running gateway), and
 * once at start for erasures caught up after a stop (`ops forget` with no gateway running).
 */
export class ReadModelScrubber {
  /** Erasures up to here have left the log. */
  private done: Position = 0n;
  private turn: Promise<void> = Promise.resolve();
  private subscription: Subscription | null = null;

  constructor(
    private readonly runtime: Pick<Runtime, 'eventStore' | 'readModels' | 'logger' | 'documents' | 'engine'>,
    private readonly file: string,
  ) {}

  /** The embedded file's scrubber, or null where the read models are elsewhere (memory, MongoDB). */
  static of(runtime: Pick<Runtime, 'eventStore' | 'readModels' | 'logger' | 'documents' | 'engine'>): ReadModelScrubber | null {
    const { documents } = runtime;
    return documents instanceof SqliteDocumentStore && documents.file !== ':memory:'
      ? new ReadModelScrubber(runtime, documents.file)
      : null;
  }

  async start(): Promise<void> {
    const head = await this.runtime.eventStore.headPosition();
    // Only the erasure events' positions matter: the stored events as they are, nothing opened.
    const { eventStore } = this.runtime;
    const events = eventStore instanceof EncryptingEventStore ? eventStore.inner : eventStore;
    // An erasure the start's catch-up applied (`ops forget` while the gateway was stopped): the file
    // held the guest before it. A first start (from 0) never wrote them: their keys were gone already.
    const from = this.runtime.engine?.startedFrom ?? 0n;
    if (from > 0n && (await erasureBetween(events, from, head))) await this.afterErasure(head);
    else {
      // At least the log emptied, as every start did before the rewrite: cheap, and it ends a log an earlier
      // rewrite found in use.
      this.emptyLog();
      this.done = head;
    }
    this.subscription = events.subscribeToAll(
      (event) => {
        if (ERASED.has(event.type)) void this.afterErasure(event.position);
      },
      {
        after: head,
        onError: (err) => this.runtime.logger.error({ err }, 'read-model scrub subscription failed'),
      },
    );
  }

  /** Resolves once the read models hold the erasure at `position` and the log has none of what it replaced. */
  afterErasure(position: Position): Promise<void> {
    this.turn = this.turn.then(async () => {
      if (position <= this.done) return;
      await this.runtime.readModels.waitFor(position, 30_000);
      if (!this.compact()) {
        this.runtime.logger.warn(
          { file: this.file },
          'read-model file still in use: the erased rows leave its log once the other connection lets go (tried every second), its free space at the next erasure or `ops rebuild`',
        );
        return;
      }
      this.done = position;
    });
    return (this.turn = this.turn.catch((err) => this.runtime.logger.error({ err }, 'read-model scrub failed')));
  }

  /** The store's own file rewritten (see SqliteDocumentStore.compact), else at least its log emptied from a connection of our own. */
  private compact(): boolean {
    const { documents } = this.runtime;
    if (documents instanceof SqliteDocumentStore && documents.file === this.file) {
      const done = documents.compact();
      this.runtime.logger.info({ file: this.file, ms: documents.lastCompactionMs }, 'read-model file rewritten after an erasure');
      return done;
    }
    return this.emptyLog();
  }

  private emptyLog(): boolean {
    if (!existsSync(this.file)) return true;
    const db = new Database(this.file, { timeout: 1000 });
    try {
      return truncateWal(db);
    } finally {
      db.close();
    }
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.turn;
  }
}
