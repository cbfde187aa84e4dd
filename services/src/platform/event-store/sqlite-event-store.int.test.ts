import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openStores } from '../runtime/ports.js';
import { WrongExpectedRevisionError } from './event-store.js';
import { event, eventStoreContract, streamId, waitUntil } from './event-store.contract.js';
import { SqliteEventStore } from './sqlite-event-store.js';
import { DISK_FULL_REFUSAL } from '@cafe/contracts';
import { DiskRefusedError, diskTroubles } from '../disk-trouble.js';

const root = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
let files = 0;
const freshFile = () => join(root, `events-${++files}.sqlite`);

afterAll(() => rmSync(root, { recursive: true, force: true }));

eventStoreContract('embedded SQLite', () => new SqliteEventStore(freshFile()));

describe('SqliteEventStore on disk', () => {
  const open: SqliteEventStore[] = [];
  const openStore = (file: string) => {
    const store = new SqliteEventStore(file);
    open.push(store);
    return store;
  };
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  it('keeps every acknowledged event across close and reopen, with the same revisions and positions', async () => {
    const file = freshFile();
    const first = openStore(file);
    const stream = streamId('reservation');
    await first.appendToStream(stream, [event('ReservationRequested', { n: 1 }), event('ReservationChanged', { n: 2 })]);
    const before = await first.readAll();
    await first.close();

    const reopened = openStore(file);
    expect(await reopened.readAll()).toEqual(before);
    expect(await reopened.headPosition()).toBe(before[1]!.position);
    // The stream's revision survived too: an append expecting revision 1 is the next one.
    const next = await reopened.appendToStream(stream, [event('ReservationCancelled', { n: 3 })], { expectedRevision: 1n });
    expect(next.nextExpectedRevision).toBe(2n);
  });

  it('keeps its file in DATA_DIR', async () => {
    const dataDir = join(root, 'data-dir', 'nested');
    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
    try {
      await stores.eventStore.appendToStream(streamId('reservation'), [event('ReservationRequested', {})]);
      const file = join(dataDir, 'events.sqlite');
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBeGreaterThan(0);
    } finally {
      await stores.close();
    }
  });

  it('an empty store has head position 0 and reads nothing', async () => {
    const store = openStore(freshFile());
    expect(await store.headPosition()).toBe(0n);
    expect(await store.readAll()).toEqual([]);
  });

  it('refuses an empty append', async () => {
    const store = openStore(freshFile());
    await expect(store.appendToStream(streamId('reservation'), [])).rejects.toThrow(/at least one event/);
  });

  it('a second store on the same file (another process) sees appends, and its subscription picks them up', async () => {
    const file = freshFile();
    const writer = openStore(file);
    const reader = openStore(file);
    const stream = streamId('reservation');
    await writer.appendToStream(stream, [event('ReservationRequested', { n: 1 })]);
    expect((await reader.readStream(stream)).map((e) => e.data)).toEqual([{ n: 1 }]);

    const seen: number[] = [];
    let caughtUp = false;
    const subscription = reader.subscribeToAll((e) => void seen.push((e.data as { n: number }).n), {
      onCaughtUp: () => (caughtUp = true),
    });
    try {
      await waitUntil(() => caughtUp);
      expect(seen).toEqual([1]);
      // Nothing in the reader's process announces this append: only polling the file finds it.
      await writer.appendToStream(stream, [event('ReservationChanged', { n: 2 })]);
      await waitUntil(() => seen.length === 2, 5000);
      expect(seen).toEqual([1, 2]);
    } finally {
      await subscription.close();
    }
  });

  it('closing the store ends its subscriptions instead of leaving them to poll a closed file', async () => {
    const store = new SqliteEventStore(freshFile());
    const errors: unknown[] = [];
    let caughtUp = false;
    store.subscribeToAll(() => undefined, { onCaughtUp: () => (caughtUp = true), onError: (e) => errors.push(e) });
    await waitUntil(() => caughtUp);
    await store.close();
    await new Promise((r) => setTimeout(r, 1200));
    expect(errors).toEqual([]);
  });

  it('two stores on the same file racing on one expected revision: exactly one wins', async () => {
    const file = freshFile();
    const a = openStore(file);
    const b = openStore(file);
    const stream = streamId('partyBooking');
    await a.appendToStream(stream, [event('PartyBookingRequested', {})]);

    const results = await Promise.allSettled([
      a.appendToStream(stream, [event('PartyBookingApproved', {})], { expectedRevision: 0n }),
      b.appendToStream(stream, [event('PartyBookingRejected', {})], { expectedRevision: 0n }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((await b.readStream(stream)).map((e) => e.type)).toHaveLength(2);
  });
});

describe('SqliteEventStore on a disk that refuses the commit (full, read-only)', () => {
  it('refuses the appends with a 503 saying so, acknowledges and stores nothing, and takes appends again once the disk does', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    let refuse = true;
    const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    store.carry({
      write: () => {
        if (refuse) throw full();
      },
      committed: () => undefined,
    });
    const stream = streamId('reservation');
    const refused = store.appendToStream(stream, [event('ReservationRequested', { n: 1 })]);
    await expect(refused).rejects.toBeInstanceOf(DiskRefusedError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, message: DISK_FULL_REFUSAL, trouble: { kind: 'full', file } });
    expect(await store.readStream(stream)).toEqual([]);
    expect(diskTroubles.under(root)).toEqual([expect.objectContaining({ kind: 'full', file })]);
    refuse = false;
    await store.appendToStream(stream, [event('ReservationRequested', { n: 2 })]);
    expect(diskTroubles.under(root)).toEqual([]);
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ n: 2 }]);
    await store.close();
  });
});

describe('SqliteEventStore group commit', () => {
  it('commits appends that arrive together in fewer transactions than appends, each acknowledged after its commit', async () => {
    const store = new SqliteEventStore(freshFile());
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, n) => store.appendToStream(streamId('reservation'), [event('ReservationRequested', { n })])),
      );
      expect(new Set(results.map((r) => r.position)).size).toBe(50);
      const { appends, commits } = store.groupCommitStats;
      expect(appends).toBe(50);
      expect(commits).toBeLessThan(50);
    } finally {
      await store.close();
    }
  });

  it('a commit whose fsync is under way is read, and announced, only once it is on disk', async () => {
    const store = new SqliteEventStore(freshFile());
    try {
      const stream = streamId('reservation');
      const order: string[] = [];
      const appended = store
        .appendToStream(stream, [event('ReservationRequested', { n: 1 })])
        .then(() => order.push('append acknowledged'));
      // The commit runs on the next turn; its fsync is then under way on the thread pool.
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual([]);
      const read = store.readStream(stream).then((events) => order.push(`read ${events.length}`));
      await Promise.all([appended, read]);
      expect(order).toEqual(['append acknowledged', 'read 1']);
    } finally {
      await store.close();
    }
  });

  it('a process killed between commits loses no acknowledged append and leaves no half-written one', async () => {
    const file = freshFile();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER], {
      env: { ...process.env, EVENTS_FILE: file },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acked: { stream: string; position: string }[] = [];
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) if (line) acked.push(JSON.parse(line) as { stream: string; position: string });
    });
    await waitUntil(() => acked.length >= 300, 30_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const store = new SqliteEventStore(file);
    try {
      const all = await store.readAll();
      const stored = new Map(all.map((e) => [e.position.toString(), e]));
      for (const { stream, position } of acked) expect(stored.get(position)?.streamId).toBe(stream);
      // Every append wrote two events: a stream with one would be half an append.
      const perStream = new Map<string, number>();
      for (const e of all) perStream.set(e.streamId, (perStream.get(e.streamId) ?? 0) + 1);
      expect([...perStream.values()].every((n) => n === 2)).toBe(true);
    } finally {
      await store.close();
    }
  }, 60_000);
});

/** Appends two-event streams 20 at a time, forever, printing each acknowledged append. */
const WRITER = `
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from ${JSON.stringify(new URL('./sqlite-event-store.ts', import.meta.url).href)};
const store = new SqliteEventStore(process.env.EVENTS_FILE);
const metadata = { occurredAt: new Date().toISOString(), actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' };
for (;;) {
  await Promise.all(Array.from({ length: 20 }, async () => {
    const stream = 'reservation-' + randomUUID();
    const r = await store.appendToStream(stream, [{ type: 'ReservationRequested', data: {}, metadata }, { type: 'ReservationChanged', data: {}, metadata }], { expectedRevision: 'no_stream' });
    process.stdout.write(JSON.stringify({ stream, position: r.position.toString() }) + '\\n');
  }));
}
`;

describe('SqliteEventStore: one decision over several streams', () => {
  let store: SqliteEventStore;
  afterEach(async () => {
    await store.close();
  });
  const withId = (type: string, data: unknown) => ({ ...event(type, data), id: randomUUID() });

  it('stores all of a decision or none of it: a conflict on one stream leaves the others untouched', async () => {
    store = new SqliteEventStore(freshFile());
    const [day, booking] = [streamId('seating'), streamId('reservation')];
    await store.appendToStream(booking, [event('ReservationRequested', { n: 0 })]);
    const failed = store.appendToStreams([
      { streamId: day, events: [withId('SeatsReserved', { n: 1 })], expectedRevision: 'no_stream' },
      { streamId: booking, events: [withId('ReservationChanged', { n: 2 })], expectedRevision: 'no_stream' },
    ]);
    await expect(failed).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(day)).toEqual([]);
    expect(await store.readStream(booking)).toHaveLength(1);
  });

  it('checks a condition (a stream the decision read, appended nothing) and the last event id it decided on', async () => {
    store = new SqliteEventStore(freshFile());
    const [policy, day, booking] = [streamId('businessInfo'), streamId('seating'), streamId('reservation')];
    const [info] = await store.appendToStreams([
      { streamId: policy, events: [withId('BusinessInfoUpdated', { seatCapacity: 60 })], expectedRevision: 'no_stream' },
    ]);
    const lastId = (await store.readStream(policy))[0]?.id;
    const decide = (expectedLastEventId: string) =>
      store.appendToStreams([
        { streamId: booking, events: [withId('ReservationRequested', { n: 1 })], expectedRevision: 'no_stream' },
        { streamId: policy, events: [], expectedRevision: info!.nextExpectedRevision, expectedLastEventId },
      ]);
    await expect(decide('not-the-last-event')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(booking)).toEqual([]);
    await decide(lastId!);
    expect(await store.readStream(booking)).toHaveLength(1);
    // The policy moved on: a decision made on the old one is refused.
    await store.appendToStream(policy, [event('BusinessInfoUpdated', { seatCapacity: 40 })]);
    await expect(
      store.appendToStreams([
        { streamId: day, events: [withId('SeatsReserved', { n: 2 })], expectedRevision: 'no_stream' },
        { streamId: policy, events: [], expectedRevision: info!.nextExpectedRevision },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(day)).toEqual([]);
  });

  it('commits decisions that arrive together in call order, so one may expect the revision the previous one makes', async () => {
    store = new SqliteEventStore(freshFile());
    const day = streamId('seating');
    const first = withId('SeatsReserved', { n: 1 });
    const results = await Promise.all([
      store.appendToStreams([{ streamId: day, events: [first], expectedRevision: 'no_stream' }]),
      store.appendToStreams([
        { streamId: day, events: [withId('SeatsReserved', { n: 2 })], expectedRevision: 0n, expectedLastEventId: first.id },
      ]),
    ]);
    expect(results.map(([r]) => r!.nextExpectedRevision)).toEqual([0n, 1n]);
    expect(store.groupCommitStats.commits).toBe(1);
  });
});

describe('SqliteEventStore: its recent commits, read back from memory', () => {
  it('still reads what another process appended between and after them', async () => {
    const file = freshFile();
    const [ours, theirs] = [new SqliteEventStore(file), new SqliteEventStore(file)];
    try {
      const stream = streamId('reservation');
      await ours.appendToStream(`${stream}-a`, [event('ReservationRequested', { n: 1 })]);
      await theirs.appendToStream(`${stream}-b`, [event('ReservationRequested', { n: 2 })]);
      const numbers = async (after: bigint, maxCount?: number) =>
        (await ours.readAll({ after, ...(maxCount ? { maxCount } : {}) })).map((e) => (e.data as { n: number }).n);
      expect(await numbers(0n)).toEqual([1, 2]);
      await ours.appendToStream(`${stream}-a`, [event('ReservationChanged', { n: 3 })]);
      await theirs.appendToStream(`${stream}-b`, [event('ReservationChanged', { n: 4 })]);
      const all = await ours.readAll();
      expect(await numbers(0n)).toEqual([1, 2, 3, 4]);
      expect(await numbers(all[0]!.position)).toEqual([2, 3, 4]);
      expect(await numbers(all[2]!.position)).toEqual([4]);
      expect(await numbers(0n, 3)).toEqual([1, 2, 3]);
    } finally {
      await ours.close();
      await theirs.close();
    }
  });
});
