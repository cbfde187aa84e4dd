import Database from 'better-sqlite3';
import { isSealed, openedData, unseal, type ErasedValues, type Sealed } from './sealed-fields.js';

/**
 * A sealed log as a worker thread reads it: the embedded files of its events and of the guests' keys
 * (usually the same file), the event types that seal anything, and what an erased field reads as (from
 * the contracts, handed over so the thread need not load them).
 */
export interface SealedLog {
  events: string;
  keys: string;
  sealedTypes: readonly string[];
  erased: ErasedValues;
}

/** One page of the log, opened: a JSON array of RecordedEvent with `revision` and `position` as numbers. */
export interface OpenedPage {
  json: string;
  count: number;
  /** Position of its last event (the next page is read after it); `after` when empty. */
  last: number;
}

type RawRow = [
  position: number,
  id: string,
  streamId: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
  recordedAt: string,
];

/**
 * The embedded log read on connections of its own (a catch-up's worker thread, parallel-catch-up.ts),
 * its sealed fields opened as EncryptingEventStore.readAll opens them, each page handed on as one JSON
 * string: the events that seal nothing are copied into it as stored, never parsed here, and the
 * receiving thread parses a page with one JSON.parse (cheaper than a structured clone of its objects).
 */
export class SealedLogReader {
  private readonly events: Database.Database;
  private readonly keys: Database.Database;
  private readonly page: Database.Statement<[number, number], RawRow>;
  private readonly keysOf: Database.Statement<[string], [ref: string, key: Buffer]>;
  private readonly sealedTypes: ReadonlySet<string>;
  private readonly erased: ErasedValues;

  constructor(files: SealedLog) {
    this.sealedTypes = new Set(files.sealedTypes);
    this.erased = files.erased;
    this.events = new Database(files.events, { readonly: true, fileMustExist: true });
    this.events.pragma('busy_timeout = 5000');
    this.keys = files.keys === files.events ? this.events : new Database(files.keys, { readonly: true, fileMustExist: true });
    if (this.keys !== this.events) this.keys.pragma('busy_timeout = 5000');
    this.page = this.events
      .prepare<[number, number], RawRow>(
        'SELECT position, id, stream_id, revision, type, data, metadata, recorded_at FROM events WHERE position > ? ORDER BY position ASC LIMIT ?',
      )
      .raw();
    this.keysOf = this.keys
      .prepare<[string], [ref: string, key: Buffer]>('SELECT g.ref, g.key FROM json_each(?) AS j JOIN guest_keys AS g ON g.ref = j.value')
      .raw();
  }

  /** Up to `max` events after `after`, opened. */
  read(after: number, max: number): OpenedPage {
    const rows = this.page.all(after, max);
    const data: string[] = new Array<string>(rows.length);
    let sealed: { index: number; stored: Record<string, unknown>; sealed: Sealed }[] | null = null;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      data[i] = row[5];
      // Only a type that seals anything, and only data that holds a seal, is parsed.
      if (!this.sealedTypes.has(row[4]) || !row[5].includes('"sealed"')) continue;
      const stored = JSON.parse(row[5]) as Record<string, unknown>;
      if (isSealed(stored.sealed)) (sealed ??= []).push({ index: i, stored, sealed: stored.sealed });
    }
    if (sealed) {
      // One statement looks up the page's guests' keys.
      const refs = [...new Set(sealed.map((s) => s.sealed.k))];
      const keys = new Map<string, Buffer>(this.keysOf.all(JSON.stringify(refs)));
      for (const { index, stored, sealed: seal } of sealed) {
        const key = keys.get(seal.k);
        const streamId = rows[index]![2];
        data[index] = JSON.stringify(openedData(stored, seal, key ? unseal(seal, key, streamId) : null, this.erased));
      }
    }
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const [position, id, streamId, revision, type, , metadata, recordedAt] = rows[i]!;
      // The fields in the order toRecorded (sqlite-rows.ts) gives them.
      parts[i] =
        `{"id":${JSON.stringify(id)},"type":${JSON.stringify(type)},"streamId":${JSON.stringify(streamId)},"revision":${revision},` +
        `"position":${position},"data":${data[i]},"metadata":${metadata},"recordedAt":${JSON.stringify(recordedAt)}}`;
    }
    return { json: `[${parts.join(',')}]`, count: rows.length, last: rows.length ? rows[rows.length - 1]![0] : after };
  }

  close(): void {
    if (this.keys !== this.events) this.keys.close();
    this.events.close();
  }
}
