import type Database from 'better-sqlite3';
import type { EventMetadata } from '@cafe/contracts';
import type { Position, RecordedEvent } from './event-store.js';

/** The embedded store's rows, as SQLite holds them, and the reads every request makes. */
export interface Row {
  position: bigint;
  id: string;
  stream_id: string;
  revision: bigint;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

export function toRecorded(row: Row): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}

/**
 * The reads every request makes, compiled once (preparing a statement costs more than running it).
 * Each bound value is wrapped in a CAST: a bare `?` that SQLite's planner looks at (a LIMIT,
 * a column the chosen index does not cover) marks the statement to be compiled again at every new
 * binding, and better-sqlite3 clears the bindings after every run, so it was compiled on every call.
 */
export function prepareReads(db: Database.Database) {
  return {
    streamForwards: db.prepare<[string, bigint, number], Row>(
      'SELECT * FROM events WHERE stream_id = CAST(? AS TEXT) AND revision >= CAST(? AS INTEGER) ORDER BY revision ASC LIMIT CAST(? AS INTEGER)',
    ),
    streamBackwards: db.prepare<[string, bigint, number], Row>(
      'SELECT * FROM events WHERE stream_id = CAST(? AS TEXT) AND revision <= CAST(? AS INTEGER) ORDER BY revision DESC LIMIT CAST(? AS INTEGER)',
    ),
    allForwards: db.prepare<[bigint, number], Row>(
      'SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT CAST(? AS INTEGER)',
    ),
    allBackwards: db.prepare<[bigint, number], Row>(
      'SELECT * FROM events WHERE position < ? ORDER BY position DESC LIMIT CAST(? AS INTEGER)',
    ),
    head: db.prepare<[], { p: bigint | null }>('SELECT MAX(position) AS p FROM events'),
    /** Changes when another connection (the ops CLI, a second gateway) commits; this one's commits leave it. */
    dataVersion: db.prepare<[], bigint>('PRAGMA data_version').pluck(),
  };
}
export type Statements = ReturnType<typeof prepareReads>;

/**
 * This process's last commits, as read back: each subscription (the projections, the mail reactor, the
 * live updates) reads every commit again as soon as it is made, and finds it here instead of in the file
 * (one SQL read and one parse per subscriber and commit). Only a run of positions with no gap is kept, so
 * another process's events are never missed: they break the run, and what lies past its end is still
 * read from the file.
 */
export class RecentCommits {
  private events: RecordedEvent[] = [];

  constructor(private readonly max: number) {}

  keep(rows: Row[]): void {
    for (const row of rows) {
      const last = this.events.at(-1);
      if (last && row.position !== last.position + 1n) this.events = [];
      this.events.push(Object.freeze(toRecorded(row)));
    }
    if (this.events.length > this.max) this.events = this.events.slice(-this.max / 2);
  }

  clear(): void {
    this.events = [];
  }

  /** What is kept after `after` (up to `limit`, -1: all) and the last position kept; null when `after` lies before them. */
  after(after: Position, limit: number): { found: RecordedEvent[]; end: Position } | null {
    const first = this.events[0];
    if (!first || after < first.position - 1n) return null;
    const start = Number(after - first.position + 1n);
    return { found: this.events.slice(start, limit < 0 ? undefined : start + limit), end: this.events.at(-1)!.position };
  }
}
