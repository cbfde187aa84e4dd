import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { documentStoreContract } from './document-store.contract.js';
import { SqliteDocumentStore } from './sqlite-document-store.js';

const root = mkdtempSync(join(tmpdir(), 'sqlite-document-store-'));
let files = 0;
const freshFile = () => join(root, `read-models-${++files}.sqlite`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

documentStoreContract('embedded, persisted (SQLite + mingo)', () => new SqliteDocumentStore(freshFile()));

describe('SqliteDocumentStore across restarts', () => {
  it('a reopened store answers the same queries with the same documents', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file);
    await first.applyBatch([
      {
        collection: 'reservations',
        puts: [
          { _id: 'r1', date: '2026-11-21', size: 4 },
          { _id: 'r2', date: '2026-11-20', size: 2 },
        ],
        deletes: [],
      },
      { collection: '_checkpoints', puts: [{ _id: 'reservations', position: '2' }], deletes: [] },
    ]);
    await first.collection('reservations').deleteMany(['r2']);
    await first.close();

    const second = new SqliteDocumentStore(file);
    expect(await second.collection('reservations').find({}, { sort: { date: 1 } })).toEqual([{ _id: 'r1', date: '2026-11-21', size: 4 }]);
    expect(await second.collection('_checkpoints').get('reservations')).toEqual({ _id: 'reservations', position: '2' });
    expect(await second.listCollections()).toEqual(['_checkpoints', 'reservations']);
    await second.close();
  });

  it('keeps a switch-over (rename) across a restart', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file);
    await first.collection('days').putMany([{ _id: 'old' }]);
    await first.collection('days__rebuild').putMany([{ _id: 'new' }]);
    await first.renameCollection('days__rebuild', 'days');
    await first.close();
    const second = new SqliteDocumentStore(file);
    expect(await second.collection('days').find()).toEqual([{ _id: 'new' }]);
    expect(await second.listCollections()).toEqual(['days']);
    await second.close();
  });

  it('sets a damaged file aside and starts empty, so the read models are rebuilt rather than trusted', async () => {
    const file = freshFile();
    writeFileSync(file, 'this is not a database, it is a shopping list');
    const store = new SqliteDocumentStore(file);
    expect(await store.listCollections()).toEqual([]);
    await store.collection('days').putMany([{ _id: 'd1' }]);
    await store.close();
    expect(readdirSync(root).some((name) => name.startsWith(`${file.split('/').pop()}.unreadable-`))).toBe(true);
    const reopened = new SqliteDocumentStore(file);
    expect(await reopened.collection('days').get('d1')).toEqual({ _id: 'd1' });
    await reopened.close();
  });

  it('walks a file its last process did not close, and sets it aside when a page is damaged', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file, { onDisk: { days: [] } });
    await first.collection('days').putMany(Array.from({ length: 400 }, (_, i) => ({ _id: `d${i}`, note: 'x'.repeat(200) })));
    await first.close();
    const raw = new Database(file);
    expect(raw.prepare("SELECT value FROM meta WHERE key = 'closed'").get()).toEqual({ value: 'clean' });
    raw.prepare("DELETE FROM meta WHERE key = 'closed'").run(); // as a killed process leaves it
    raw.close();
    const bytes = readFileSync(file);
    bytes.fill(0x5a, 4096 * 8 + 16, 4096 * 8 + 600);
    writeFileSync(file, bytes);
    const second = new SqliteDocumentStore(file, { onDisk: { days: [] } });
    expect(await second.listCollections()).toEqual([]);
    await second.close();
    expect(readdirSync(root).some((name) => name.startsWith(`${file.split('/').pop()}.unreadable-`))).toBe(true);
  });

  it('sets aside a file of another format', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file);
    await first.collection('days').putMany([{ _id: 'd1' }]);
    await first.close();
    const raw = new Database(file);
    raw.prepare("UPDATE meta SET value = '0' WHERE key = 'format'").run();
    raw.close();
    const second = new SqliteDocumentStore(file);
    expect(await second.listCollections()).toEqual([]);
    await second.close();
  });
});

documentStoreContract(
  'embedded, a collection kept on disk (read by id)',
  () => new SqliteDocumentStore(freshFile(), { onDisk: { bookings: [] } }),
);

documentStoreContract(
  'embedded, the queried collection kept on disk with indexed fields',
  () => new SqliteDocumentStore(freshFile(), { onDisk: { reservations: ['date', 'partySize', 'status'] } }),
);

describe('SqliteDocumentStore, collections read by id', () => {
  it('keeps them in the file only, across a restart and a rebuild switch-over', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file, { onDisk: { history: [] } });
    await first.applyBatch([{ collection: 'history', puts: [{ _id: 'h1', entries: [1, 2] }], deletes: [] }]);
    await first.collection('history__rebuild').putMany([{ _id: 'h1', entries: [1, 2, 3] }]);
    await first.renameCollection('history__rebuild', 'history');
    await first.close();
    const second = new SqliteDocumentStore(file, { onDisk: { history: [] } });
    expect(await second.collection('history').get('h1')).toEqual({ _id: 'h1', entries: [1, 2, 3] });
    expect(await second.collection('history').count()).toBe(1);
    expect(await second.listCollections()).toEqual(['history']);
    await second.close();
  });
});

describe('SqliteDocumentStore, what the projection engine reads of collections kept on disk', () => {
  it('peeks at what waits and what was stored last, and stays right across a later batch, a delete, a switch-over, a clear and a drop', async () => {
    const store = new SqliteDocumentStore(freshFile(), { onDisk: { history: [] } });
    const history = store.collection('history');
    expect(history.peek!('h1')).toBeNull();
    const h1 = { _id: 'h1', entries: [1] };
    await store.applyBatch([{ collection: 'history', puts: [h1], deletes: [] }]);
    expect(history.peek!('h1')).toBe(h1);
    await store.applyBatch([{ collection: 'history', puts: [{ _id: 'h2', entries: [2] }], deletes: [] }]);
    expect(history.peek!('h1')).toBe(h1);
    // Stored, then a later batch stored: h1 is read from the file again.
    store.writeBehindNow();
    expect(history.peek!('h1')).toBe(h1);
    await store.applyBatch([{ collection: 'history', puts: [{ _id: 'h2', entries: [2, 3] }], deletes: [] }]);
    store.writeBehindNow();
    expect(history.peek!('h1')).toEqual(h1);
    expect(history.peek!('h1')).not.toBe(h1);
    await history.deleteMany(['h1']);
    expect(history.peek!('h1')).toBeNull();
    expect(await history.get('h1')).toBeNull();

    await store.collection('history__rebuild').putMany([{ _id: 'h3', entries: [3] }]);
    await store.renameCollection('history__rebuild', 'history');
    expect(history.peek!('h2')).toBeNull();
    expect(history.peek!('h3')).toEqual({ _id: 'h3', entries: [3] });
    expect(store.collection('history__rebuild').peek!('h3')).toBeNull();
    await history.clear();
    expect(await history.get('h3')).toBeNull();
    await history.putMany([{ _id: 'h3', entries: [4] }]);
    expect(await history.get('h3')).toEqual({ _id: 'h3', entries: [4] });
    await store.dropCollection('history');
    expect(history.peek!('h3')).toBeNull();
    await store.close();
  });

  it('reads every document of a collection that held some when this process first touched it, old or new', async () => {
    const file = freshFile();
    const first = new SqliteDocumentStore(file, { onDisk: { history: [] } });
    await first.collection('history').putMany([{ _id: 'h1' }]);
    await first.close();
    const second = new SqliteDocumentStore(file, { onDisk: { history: [] } });
    await second.collection('history').putMany([{ _id: 'h2' }]);
    await second.collection('history').putMany([{ _id: 'h3' }]);
    expect(['h1', 'h2', 'h3', 'h4'].map((id) => second.collection('history').peek!(id)?._id ?? null)).toEqual(['h1', 'h2', 'h3', null]);
    await second.close();
  });

  it('keeps its own copies of what putMany is given', async () => {
    const store = new SqliteDocumentStore(freshFile(), { onDisk: { history: [] } });
    const doc = { _id: 'h1', entries: [1] };
    await store.collection('history').putMany([doc]);
    doc.entries.push(2);
    expect(store.collection('history').peek!('h1')).toEqual({ _id: 'h1', entries: [1] });
    await store.close();
  });
});

describe('SqliteDocumentStore, collections queried through indexed fields', () => {
  it('reads a range or an equality on an indexed field through its index, and scans only without one', async () => {
    const store = new SqliteDocumentStore(freshFile(), { onDisk: { calendar: ['date'] } });
    await store.collection('calendar').putMany([
      { _id: 'a', date: '2026-11-20', kind: 'reservation' },
      { _id: 'b', date: '2026-11-27', kind: 'party' },
    ]);
    const range = { date: { $gte: '2026-11-22', $lte: '2026-11-28' }, $or: [{ kind: 'party' }] };
    expect(store.queryPlan('calendar', range)).toContain('USING INDEX documents_calendar_date');
    expect(store.queryPlan('calendar', { date: '2026-11-20' })).toContain('USING INDEX documents_calendar_date');
    expect(store.queryPlan('calendar', { kind: 'party' })).not.toContain('documents_calendar_date');
    expect((await store.collection('calendar').find(range)).map((d) => d._id)).toEqual(['b']);
    await store.close();
  });
});

describe('SqliteDocumentStore, a page of a find sorted by an indexed field', () => {
  it('reads the rows in the index’s order and stops after the page, instead of reading the collection', async () => {
    const store = new SqliteDocumentStore(freshFile(), { onDisk: { calendar: ['date'] } });
    const docs = Array.from({ length: 2000 }, (_, i) => ({
      _id: `b${String(i).padStart(4, '0')}`,
      date: `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      time: `${10 + (i % 12)}:00`,
      kind: i % 3 ? 'reservation' : 'party',
    }));
    await store.collection('calendar').putMany(docs);
    const sort = { date: 1, time: 1 } as const;
    const filter = { date: { $gte: '2027-03-01' }, kind: 'reservation' };
    const whole = await store.collection('calendar').find(filter, { sort });
    const parse = vi.spyOn(JSON, 'parse');
    const page = await store.collection('calendar').find(filter, { sort, skip: 10, limit: 20 });
    const parsed = parse.mock.calls.length;
    parse.mockRestore();
    expect(page).toEqual(whole.slice(10, 30));
    // The rows of the page's two or three dates (24 a date), not the 1,700 from March on.
    expect(parsed).toBeLessThan(80);
    await store.close();
  });
});

describe('SqliteDocumentStore, checkpoints off the event loop', () => {
  it('copies the write-ahead log back into the file from a worker thread, the next write cuts the log back, and the documents stay readable', async () => {
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { checkpoint: { intervalMs: 20, limitBytes: 0 } });
    const docs = Array.from({ length: 500 }, (_, i) => ({ _id: `d${i}`, date: '2026-11-20', note: 'x'.repeat(200) }));
    await store.collection('days').putMany(docs);
    store.writeBehindNow();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(100_000);
    // Once the worker has copied the whole log into the file (SQLite's own checkpoints are off), a write
    // starts the log again, cut back to its own pages.
    let writes = 0;
    await expect
      .poll(
        async () => {
          await store.collection('days').putMany([{ _id: 'late', date: '2026-11-21', note: `write ${++writes}` }]);
          store.writeBehindNow();
          return statSync(`${file}-wal`).size;
        },
        { timeout: 3000 },
      )
      .toBeLessThan(20_000);
    expect(await store.collection('days').count()).toBe(501);
    await store.close();
    const reopened = new SqliteDocumentStore(file);
    expect(await reopened.collection('days').get('d499')).toMatchObject({ _id: 'd499' });
    await reopened.close();
  });
});

describe('SqliteDocumentStore, in-memory collections written behind', () => {
  const stored = (file: string, collection: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare('SELECT id FROM documents WHERE collection = ? ORDER BY id').all(collection) as { id: string }[]).map((r) => r.id);
    } finally {
      db.close();
    }
  };

  it('answers from memory at once and stores the documents with their checkpoint within the period', async () => {
    // given a store that writes behind by 50 ms
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { writeBehindMs: 50 });
    // when a batch of documents and its checkpoint is applied
    await store.applyBatch([
      { collection: 'days', puts: [{ _id: '2026-11-20', bookings: 1 }], deletes: [] },
      { collection: '_checkpoints', puts: [{ _id: 'days', position: '1' }], deletes: [] },
    ]);
    // then it is answered at once, and reaches the file, documents and checkpoint together, shortly after
    expect(await store.collection('days').get('2026-11-20')).toEqual({ _id: '2026-11-20', bookings: 1 });
    await expect.poll(() => [stored(file, 'days'), stored(file, '_checkpoints')], { timeout: 2000 }).toEqual([['2026-11-20'], ['days']]);
    await store.close();
  });

  it('after a crash, the file holds a consistent earlier state: the documents of the checkpoint it holds, no later', async () => {
    // given a first batch stored and a second one still behind
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { writeBehindMs: 60_000 });
    await store.applyBatch([
      { collection: 'days', puts: [{ _id: 'd1', bookings: 1 }], deletes: [] },
      { collection: '_checkpoints', puts: [{ _id: 'days', position: '1' }], deletes: [] },
    ]);
    store.writeBehindNow();
    await store.applyBatch([
      {
        collection: 'days',
        puts: [
          { _id: 'd1', bookings: 2 },
          { _id: 'd2', bookings: 1 },
        ],
        deletes: [],
      },
      { collection: '_checkpoints', puts: [{ _id: 'days', position: '3' }], deletes: [] },
    ]);
    // when the process dies before the write-behind (another store opens the file without a close)
    const after = new SqliteDocumentStore(file);
    // then it finds the first batch and its checkpoint: a restart replays from position 1
    expect(await after.collection('days').find()).toEqual([{ _id: 'd1', bookings: 1 }]);
    expect(await after.collection('_checkpoints').get('days')).toEqual({ _id: 'days', position: '1' });
    await after.close();
    // and a clean close stores the rest
    await store.close();
    const reopened = new SqliteDocumentStore(file);
    expect(await reopened.collection('days').find()).toEqual([
      { _id: 'd1', bookings: 2 },
      { _id: 'd2', bookings: 1 },
    ]);
    await reopened.close();
  });

  it('a clear, a drop and a switch-over are not undone by writes still behind', async () => {
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { writeBehindMs: 60_000 });
    await store.collection('days').putMany([{ _id: 'old' }]);
    await store.collection('days__rebuild').putMany([{ _id: 'new' }]);
    await store.renameCollection('days__rebuild', 'days');
    await store.collection('gone').putMany([{ _id: 'g' }]);
    await store.dropCollection('gone');
    await store.collection('emptied').putMany([{ _id: 'e' }]);
    await store.collection('emptied').clear();
    await store.close();
    const reopened = new SqliteDocumentStore(file);
    expect(await reopened.listCollections()).toEqual(['days']);
    expect(await reopened.collection('days').find()).toEqual([{ _id: 'new' }]);
    await reopened.close();
  });
});
