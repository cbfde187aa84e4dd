import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionWrites } from './document-store.js';
import { WriteBehind } from './write-behind.js';

function recorder(chunk = 2) {
  const transactions: CollectionWrites[][] = [];
  const behind = new WriteBehind({
    store: (writes) => void transactions.push(writes),
    stored: () => undefined,
    periodMs: 10,
    max: 1_000,
    chunk,
  });
  return { behind, transactions };
}
const ids = (writes: CollectionWrites[]) =>
  writes.map((w) => `${w.collection}:${[...w.puts.map((d) => d._id), ...w.deletes.map((id) => `-${id}`)].join(',')}`);

describe('WriteBehind', () => {
  // The period's timer and the turns between transactions, stepped by hand.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] }));
  afterEach(() => vi.useRealTimers());
  const turn = () => vi.advanceTimersToNextTimer();
  it('stores each document once, in transactions of a few, a turn apart, the checkpoints last', async () => {
    // given a document written twice, two others, a delete and a checkpoint
    const { behind, transactions } = recorder(2);
    behind.add([
      { collection: '_checkpoints', puts: [{ _id: 'days', position: '1' }], deletes: [] },
      { collection: 'days', puts: [{ _id: 'd1', n: 1 }], deletes: [] },
    ]);
    behind.add([
      {
        collection: 'days',
        puts: [
          { _id: 'd1', n: 2 },
          { _id: 'd2', n: 1 },
        ],
        deletes: ['d0'],
      },
      { collection: '_checkpoints', puts: [{ _id: 'days', position: '2' }], deletes: [] },
    ]);
    // when the period passes
    vi.advanceTimersByTime(10);
    // then the first transaction is stored, and the others follow on later turns
    expect(transactions.map(ids)).toEqual([['days:d1,d2']]);
    turn();
    expect(transactions.map(ids)).toEqual([['days:d1,d2'], ['days:-d0', '_checkpoints:days']]);
    expect(transactions[0]![0]!.puts[0]).toEqual({ _id: 'd1', n: 2 });
  });

  it('answers the latest version while it is being stored, and stores everything at once when asked', async () => {
    // given a write being stored chunk by chunk
    const { behind, transactions } = recorder(1);
    behind.add([{ collection: 'days', puts: [{ _id: 'd1' }, { _id: 'd2' }, { _id: 'd3' }], deletes: [] }]);
    vi.advanceTimersByTime(10);
    expect(transactions).toHaveLength(1);
    // when a newer version arrives and a query needs the file
    behind.add([{ collection: 'days', puts: [{ _id: 'd3', newer: true }], deletes: [] }]);
    expect(behind.get('days', 'd2')).toEqual({ _id: 'd2' });
    expect(behind.get('days', 'd3')).toEqual({ _id: 'd3', newer: true });
    expect(behind.holds('days')).toBe(true);
    behind.now();
    // then the rest of the chunks go in one transaction, then the newer writes
    expect(transactions.map(ids)).toEqual([['days:d1'], ['days:d2', 'days:d3'], ['days:d3']]);
    expect(transactions[2]![0]!.puts[0]).toEqual({ _id: 'd3', newer: true });
    expect(behind.holds('days')).toBe(false);
    vi.runAllTimers();
    expect(transactions).toHaveLength(3);
    behind.close();
  });

  it('keeps what a failed transaction did not store, under anything newer, and stores it later', () => {
    let fail = true;
    const stored: string[][] = [];
    const behind = new WriteBehind({
      store: (writes) => {
        if (fail) throw new Error('disk full');
        stored.push(ids(writes));
      },
      stored: () => undefined,
      periodMs: 10,
      max: 1_000,
      chunk: 10,
    });
    behind.add([
      {
        collection: 'days',
        puts: [
          { _id: 'd1', n: 1 },
          { _id: 'd2', n: 1 },
        ],
        deletes: [],
      },
    ]);
    vi.advanceTimersByTime(10);
    behind.add([{ collection: 'days', puts: [{ _id: 'd1', n: 2 }], deletes: [] }]);
    expect(behind.get('days', 'd1')).toEqual({ _id: 'd1', n: 2 });
    fail = false;
    behind.now();
    expect(stored).toEqual([['days:d1,d2']]);
    expect(behind.get('days', 'd1')).toBeUndefined();
    behind.close();
  });
});
