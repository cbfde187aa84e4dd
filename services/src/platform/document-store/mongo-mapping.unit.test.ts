import { describe, expect, it } from 'vitest';
import { MongoServerError } from 'mongodb';
import { withIdTiebreak } from './document-store.js';
import { isNamespaceNotFound, replaceOps, toMongoSort, userCollections } from './mongo-mapping.js';

describe('sort', () => {
  it('sorts by _id when nothing is asked', () => {
    expect(withIdTiebreak(undefined)).toEqual({ _id: 1 });
    expect(withIdTiebreak({})).toEqual({ _id: 1 });
  });

  it('keeps the requested keys in order and breaks ties by _id', () => {
    const sort = toMongoSort({ date: 1, time: -1 }) as Record<string, number>;
    expect(Object.entries(sort)).toEqual([
      ['date', 1],
      ['time', -1],
      ['_id', 1],
    ]);
  });

  it('leaves a sort that already names _id alone', () => {
    expect(withIdTiebreak({ _id: -1, date: 1 })).toEqual({ _id: -1, date: 1 });
  });
});

describe('replaceOps', () => {
  it('upserts each document by its _id', () => {
    expect(replaceOps([{ _id: 'a', n: 1 }])).toEqual([
      { replaceOne: { filter: { _id: 'a' }, replacement: { _id: 'a', n: 1 }, upsert: true } },
    ]);
  });

  it('keeps only the last version of a document named twice in one batch', () => {
    const ops = replaceOps([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 1 },
      { _id: 'a', n: 2 },
    ]);
    expect(ops).toHaveLength(2);
    expect(ops.map((op) => ('replaceOne' in op ? op.replaceOne.replacement : null))).toEqual([
      { _id: 'b', n: 1 },
      { _id: 'a', n: 2 },
    ]);
  });

  it('refuses a document without a string _id', () => {
    expect(() => replaceOps([{ _id: '' }])).toThrow(TypeError);
    expect(() => replaceOps([{ _id: 3 } as unknown as { _id: string }])).toThrow(TypeError);
  });
});

describe('errors and names', () => {
  it('recognises NamespaceNotFound by code or name', () => {
    expect(isNamespaceNotFound(new MongoServerError({ message: 'ns not found', code: 26 }))).toBe(true);
    expect(isNamespaceNotFound({ codeName: 'NamespaceNotFound' })).toBe(true);
    expect(isNamespaceNotFound(new MongoServerError({ message: 'duplicate key', code: 11000 }))).toBe(false);
    expect(isNamespaceNotFound(undefined)).toBe(false);
  });

  it('lists read-model collections, not the server’s system ones', () => {
    expect(userCollections(['reservations', 'system.views', '_checkpoints'])).toEqual(['_checkpoints', 'reservations']);
  });
});
