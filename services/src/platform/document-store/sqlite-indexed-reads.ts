import type Database from 'better-sqlite3';
import { withIdTiebreak, type Doc, type Filter, type FindOptions } from './document-store.js';
import { Query } from './mingo-query.js';
import { pageOfOrderedRows } from './ordered-page.js';
import { boundsOf, indexName, sqlName, sqlText } from './sqlite-sql.js';

/**
 * The embedded store's reads through the on-disk collections' indexed fields: one partial index per
 * field, and the statements that use them (prepared once per shape). Apart from the store, which
 * keeps the writes, the id filters and the in-memory collections.
 */
export class SqliteIndexedReads {
  private readonly rangeStatements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    /** Indexed fields by on-disk collection. */
    private readonly onDisk: ReadonlyMap<string, readonly string[]>,
    /** The whole collection's rows: what a filter no index serves reads. */
    private readonly all: Database.Statement<[string], { body: string }>,
  ) {
    for (const [name, fields] of onDisk) {
      for (const field of fields) {
        db.exec(
          `CREATE INDEX IF NOT EXISTS ${sqlName(indexName(name, field))} ON documents (json_extract(body, '$.${field}')) ` +
            `WHERE collection = ${sqlText(name)}`,
        );
      }
    }
  }

  /**
   * A find: a page in an indexed field's order (pageInOrder), else the rows the filter can match, then
   * mingo's filter, sort, skip and limit. `waiting`: documents the file does not hold yet (null:
   * deleted), laid over its rows when the file cannot be given them (a full or read-only disk); they are
   * the store's own, so the caller gets copies of them.
   */
  find<T extends Doc>(
    base: string,
    name: string,
    filter: Filter,
    options: FindOptions,
    waiting: ReadonlyMap<string, Doc | null> | null,
  ): T[] {
    const page = waiting ? null : this.pageInOrder<T>(base, name, filter, options);
    if (page) return page;
    let rows = this.candidates(base, name, filter).map((row) => JSON.parse(row.body) as T);
    const laid = new Set<Doc>();
    if (waiting) {
      rows = rows.filter((doc) => !waiting.has(doc._id));
      for (const doc of waiting.values()) if (doc) laid.add(doc);
      rows.push(...([...laid] as T[]));
    }
    let cursor = new Query(filter).find<T>(rows).sort(withIdTiebreak(options.sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return laid.size ? cursor.all().map((doc) => (laid.has(doc) ? structuredClone(doc) : doc)) : cursor.all();
  }

  /** The rows a filter can match: narrowed by the first indexed field it bounds, else the whole collection. */
  candidates(base: string, name: string, filter: Filter): { body: string }[] {
    const { statement, params } = this.candidateQuery(base, name, filter);
    return statement.all(...params) as { body: string }[];
  }

  candidateQuery(base: string, name: string, filter: Filter): { statement: Database.Statement; params: (string | number)[] } {
    // A rebuild's shadow collection is outside its partial indexes (and never queried while it fills).
    const fields = name === base ? (this.onDisk.get(base) ?? []) : [];
    for (const field of fields) {
      const bounds = boundsOf(filter[field]);
      if (!bounds) continue;
      const key = `${name}\u0000${field}\u0000${bounds.map(([op]) => op).join(',')}`;
      let statement = this.rangeStatements.get(key);
      if (!statement) {
        // Named, with the literal collection and expression of its partial index: without statistics
        // SQLite would rather walk the whole collection by primary key.
        const where = bounds.map(([op]) => `json_extract(body, '$.${field}') ${op} ?`).join(' AND ');
        statement = this.db.prepare(
          `SELECT body FROM documents INDEXED BY ${sqlName(indexName(base, field))} WHERE collection = ${sqlText(name)} AND ${where}`,
        );
        this.rangeStatements.set(key, statement);
      }
      return { statement, params: bounds.map(([, value]) => value) };
    }
    return { statement: this.all, params: [name] };
  }

  /**
   * A limited find sorted first by an indexed field: the rows are read in that field's order from its
   * index and stop once the page is full and the field's value changes, so a page of a year of
   * bookings reads a few days' rows instead of parsing them all. The rest of the sort, the skip and the
   * limit are applied to those rows. Null when the find is not of that shape.
   */
  pageInOrder<T extends Doc>(base: string, name: string, filter: Filter, options: FindOptions): T[] | null {
    const fields = name === base ? (this.onDisk.get(base) ?? []) : [];
    const sort = withIdTiebreak(options.sort);
    const [field, direction] = Object.entries(sort)[0]!;
    if (!options.limit || !fields.includes(field)) return null;
    const bounds = filter[field] === undefined ? [] : boundsOf(filter[field]);
    if (!bounds) return null;
    const order = direction === -1 ? 'DESC' : 'ASC';
    const key = `page\u0000${name}\u0000${field}\u0000${order}\u0000${bounds.map(([op]) => op).join(',')}`;
    let statement = this.rangeStatements.get(key);
    if (!statement) {
      const expression = `json_extract(body, '$.${field}')`;
      const where = bounds.map(([op]) => ` AND ${expression} ${op} ?`).join('');
      statement = this.db.prepare(
        `SELECT body FROM documents INDEXED BY ${sqlName(indexName(base, field))} WHERE collection = ${sqlText(name)}${where} ` +
          `ORDER BY ${expression} ${order}`,
      );
      this.rangeStatements.set(key, statement);
    }
    const rows = statement.iterate(...bounds.map(([, value]) => value)) as Iterable<{ body: string }>;
    return pageOfOrderedRows<T>(rows, filter, sort, options.limit, options.skip);
  }
}
