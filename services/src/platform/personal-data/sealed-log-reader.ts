import Database from 'better-sqlite3';
import { isSealed, openedData, unsealText, type ErasedValues, type Sealed } from './sealed-fields.js';

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

/**
 * A row as the page's statement gives it: the event's JSON in three pieces, built by SQLite around the
 * stored data (the one piece a seal can change), with what opening a seal needs.
 */
type RawRow = [position: number, streamId: string, type: string, head: string, data: string, tail: string];

/**
 * The embedded log read on connections of its own (a catch-up's worker thread, parallel-catch-up.ts),
 * its sealed fields opened as EncryptingEventStore.readAll opens them, each page handed on as one JSON
 * string the receiving thread parses with one JSON.parse (cheaper than a structured clone of its
 * objects). Nothing is parsed here but a seal: an event's JSON is built by SQLite, and opened fields
 * are spliced in as the text they were sealed from.
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
        // The fields in the order toRecorded (sqlite-rows.ts) gives them; json_quote as JSON.stringify quotes.
        `SELECT position, stream_id, type,
           '{"id":' || json_quote(id) || ',"type":' || json_quote(type) || ',"streamId":' || json_quote(stream_id) ||
           ',"revision":' || revision || ',"position":' || position || ',"data":',
           data,
           ',"metadata":' || metadata || ',"recordedAt":' || json_quote(recorded_at) || '}'
         FROM events WHERE position > ? ORDER BY position ASC LIMIT CAST(? AS INTEGER)`,
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
    let sealed: ({ index: number } & Split)[] | null = null;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      data[i] = row[4];
      // Only a type that seals anything, and only data that holds a seal, is looked into.
      if (!this.sealedTypes.has(row[2])) continue;
      const split = splitSealed(row[4]) ?? parsedSeal(row[4]);
      if (split) (sealed ??= []).push({ index: i, ...split });
    }
    if (sealed) {
      // One statement looks up the page's guests' keys.
      const refs = [...new Set(sealed.map((s) => s.sealed.k))];
      const keys = new Map<string, Buffer>(this.keysOf.all(JSON.stringify(refs)));
      for (const opening of sealed) {
        const { index, sealed: seal } = opening;
        const key = keys.get(seal.k);
        const text = key ? unsealText(seal, key, rows[index]![1]) : null;
        if (text !== null && 'head' in opening) {
          data[index] = spliced(opening.head, text);
          continue;
        }
        const stored = 'stored' in opening ? opening.stored : (JSON.parse(rows[index]![4]) as Record<string, unknown>);
        const opened = text === null ? null : (JSON.parse(text) as Record<string, unknown>);
        data[index] = JSON.stringify(openedData(stored, seal, opened, this.erased));
      }
    }
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) parts[i] = rows[i]![3] + data[i] + rows[i]![5];
    return { json: `[${parts.join(',')}]`, count: rows.length, last: rows.length ? rows[rows.length - 1]![0] : after };
  }

  close(): void {
    if (this.keys !== this.events) this.keys.close();
    this.events.close();
  }
}

const MEMBER = '"sealed":';

/** A seal found in an event's stored JSON: cut out of the text (splitSealed), or parsed with the rest (parsedSeal). */
type Split = { sealed: Sealed } & ({ head: string } | { stored: Record<string, unknown> });

/**
 * An event's stored JSON cut before its seal, which the sealing store writes as the object's last member:
 * the text up to it (without the comma) and the seal, parsed alone. Null when the seal is not the last
 * member (the slice after it would not parse as one value) or there is none. An unescaped `"sealed":`
 * after `,` or `{` can only be a key, and only the outer object's ends one character before the text does.
 */
function splitSealed(json: string): { head: string; sealed: Sealed } | null {
  const at = json.lastIndexOf(MEMBER);
  if (at < 1 || json.charCodeAt(json.length - 1) !== 0x7d) return null;
  const before = json.charCodeAt(at - 1);
  if (before !== 0x2c && !(before === 0x7b && at === 1)) return null;
  let sealed: unknown;
  try {
    sealed = JSON.parse(json.slice(at + MEMBER.length, -1));
  } catch {
    return null;
  }
  return isSealed(sealed) ? { head: json.slice(0, before === 0x2c ? at - 1 : at), sealed } : null;
}

/** A seal that is not the last member (no writer puts one elsewhere, but a log outlives its writers): the whole data parsed. */
function parsedSeal(json: string): Split | null {
  if (!json.includes(MEMBER)) return null;
  const stored = JSON.parse(json) as Record<string, unknown>;
  return isSealed(stored.sealed) ? { sealed: stored.sealed, stored } : null;
}

/**
 * The stored members, then the opened ones, as openedData orders them: the opened text is an object's
 * JSON (sealed by JSON.stringify, authenticated by its tag), so its members are copied in unparsed.
 */
function spliced(head: string, opened: string): string {
  if (head.length === 1) return opened;
  return opened === '{}' ? `${head}}` : `${head},${opened.slice(1)}`;
}
