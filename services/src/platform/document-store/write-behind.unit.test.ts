import type { Logger } from 'pino';
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

  it('after a failed store, answers what waits, retries on its timer only (not with each batch past max), and logs the run of failures once', () => {
    // given a file that refuses writes
    let fail = true;
    let tries = 0;
    const logged: string[] = [];
    const log = (level: string) => (_fields: unknown, message: string) => void logged.push(`${level}: ${message}`);
    const behind = new WriteBehind({
      store: () => {
        tries += 1;
        if (fail) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
      stored: () => undefined,
      periodMs: 10,
      max: 2,
      chunk: 10,
      retryMs: 100,
      logger: { error: log('error'), info: log('info') } as unknown as Logger,
    });
    // when a batch past max is stored at once and fails, and more arrive
    behind.add([{ collection: 'days', puts: [{ _id: 'd1' }, { _id: 'd2' }], deletes: [] }]);
    expect([tries, behind.failing]).toEqual([1, true]);
    behind.add([{ collection: 'days', puts: [{ _id: 'd3' }], deletes: ['d1'] }]);
    // then nothing is tried on the caller's turn, and what waits is answered, the newest version of each
    expect(tries).toBe(1);
    expect([...behind.pending('days')!]).toEqual([
      ['d1', null],
      ['d2', { _id: 'd2' }],
      ['d3', { _id: 'd3' }],
    ]);
    expect(behind.pending('weeks')).toBeNull();
    // and the timer tries again, until the file takes it
    vi.advanceTimersByTime(100);
    expect([tries, behind.failing]).toEqual([2, true]);
    fail = false;
    vi.advanceTimersByTime(100);
    expect([tries, behind.failing, behind.holds('days')]).toEqual([3, false, false]);
    expect(logged).toEqual([
      'error: writing the read models to their file failed; they are answered from memory and stored once the disk takes them',
      'info: the read models are stored in their file again',
    ]);
    behind.close();
  });
});
