import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { diskTroubles } from '../disk-trouble.js';
import type { CollectionWrites } from './document-store.js';
import { SqliteDocumentStore } from './sqlite-document-store.js';

const root = mkdtempSync(join(tmpdir(), 'sqlite-document-store-unwritable-'));
let files = 0;
const freshFile = () => join(root, `read-models-${++files}.sqlite`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The file refuses every write from now on, as a full disk does (SQLITE_FULL at the flush). */
function refuseWrites(store: SqliteDocumentStore) {
  const file = store as unknown as { writeRows(writes: CollectionWrites[]): void };
  return vi.spyOn(file, 'writeRows').mockImplementation(() => {
    throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
  });
}

const inFile = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], { id: string; body: string }>("SELECT id, body FROM documents WHERE collection = 'reservations' ORDER BY id")
      .all();
  } finally {
    db.close();
  }
};

describe('SqliteDocumentStore on a disk that refuses writes (full, read-only)', () => {
  it('answers finds, pages and counts with what waits laid over the file, tries the flush once on a read, and stores it all once the file takes it', async () => {
    // given reservations kept on disk, stored, and a file that then refuses writes
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { onDisk: { reservations: ['date'] }, writeBehindMs: 60_000 });
    const reservations = store.collection('reservations');
    await reservations.putMany([
      { _id: 'a', date: '2026-11-18', name: 'Ada' },
      { _id: 'b', date: '2026-11-18', name: 'Bob' },
      { _id: 'c', date: '2026-11-19', name: 'Cy' },
    ]);
    store.writeBehindNow();
    const refused = refuseWrites(store);
    // when one is added, one changed and one deleted
    await reservations.putMany([
      { _id: 'd', date: '2026-11-18', name: 'Dee' },
      { _id: 'a', date: '2026-11-18', name: 'Ada L' },
    ]);
    await reservations.deleteMany(['b']);
    // then every query answers them (the flush before a query fails, and is not thrown into it)
    expect(await reservations.find({ date: '2026-11-18' }, { sort: { name: 1 } })).toEqual([
      { _id: 'a', date: '2026-11-18', name: 'Ada L' },
      { _id: 'd', date: '2026-11-18', name: 'Dee' },
    ]);
    expect(await reservations.find({}, { sort: { date: -1 }, limit: 2 })).toEqual([
      { _id: 'c', date: '2026-11-19', name: 'Cy' },
      { _id: 'a', date: '2026-11-18', name: 'Ada L' },
    ]);
    expect(await reservations.findOne({ name: 'Bob' })).toBeNull();
    expect(await reservations.count()).toBe(3);
    expect(await reservations.count({ date: '2026-11-18' })).toBe(2);
    // and the caller gets copies, as of the file's rows
    const [dee] = await reservations.find({ _id: 'd' });
    dee!.name = 'changed by the caller';
    expect((await reservations.find({ _id: 'd' }))[0]).toMatchObject({ name: 'Dee' });
    // one try on a reader's turn; the others wait for the write-behind's timer
    expect(refused).toHaveBeenCalledTimes(1);
    expect(diskTroubles.under(root)).toEqual([expect.objectContaining({ kind: 'full', file, code: 'SQLITE_FULL' })]);
    expect(inFile(file).map((row) => row.id)).toEqual(['a', 'b', 'c']);

    // when the file takes writes again
    refused.mockRestore();
    await vi.waitFor(() => expect(diskTroubles.under(root)).toEqual([]), { timeout: 5_000 });
    // then what waited is in the file
    expect(inFile(file).map((row) => [row.id, (JSON.parse(row.body) as { name: string }).name])).toEqual([
      ['a', 'Ada L'],
      ['c', 'Cy'],
      ['d', 'Dee'],
    ]);
    await store.close();
  });

  it('closes on a disk that refuses what waits, without throwing: the file keeps its earlier state and is walked at the next start', async () => {
    const file = freshFile();
    const store = new SqliteDocumentStore(file, { onDisk: { reservations: ['date'] }, writeBehindMs: 60_000 });
    await store.collection('reservations').putMany([{ _id: 'a', date: '2026-11-18' }]);
    store.writeBehindNow();
    refuseWrites(store);
    await store.collection('reservations').putMany([{ _id: 'b', date: '2026-11-18' }]);
    await expect(store.close()).resolves.toBeUndefined();
    expect(diskTroubles.under(root)).toEqual([]);
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare("SELECT value FROM meta WHERE key = 'closed'").get()).toBeUndefined();
    raw.close();
    expect(inFile(file).map((row) => row.id)).toEqual(['a']);
  });
});
