import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOLDING_MINUTES, DEFAULT_SEAT_CAPACITY, DEFAULT_STAY_RULES, type Floor, type SeatHold } from '@cafe/contracts';
import { FixedClock } from '../platform/clock.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-types.js';
import { StreamStates } from '../platform/commands/stream-states.js';
import { fold } from '../platform/commands/decider.js';
import { FLOOR_STREAM, floorPolicy } from './floor-policy.js';
import { changeStay, claimSeats, moveTables, placeTables } from './seating-commands.js';
import { FullyBooked, TableRule, holdsOf, seatingDecider, seatingStream } from './seating-decider.js';

// The seat commands with a floor through the one write pipeline: the floor loaded in memory and required
// unchanged at the append, tables assigned in the same decision as the seats.

const date = '2026-11-21';
const root = mkdtempSync(join(tmpdir(), 'floor-seating-'));
let files = 0;
let store: SqliteEventStore;
let runtime: CommandRuntime;
const context: CommandContext = { actor: { kind: 'system', name: 'test' }, correlationId: 'c-1', causationId: 'c-1' };
const policy = { capacity: DEFAULT_SEAT_CAPACITY, holdingMinutes: DEFAULT_HOLDING_MINUTES };

beforeEach(() => {
  store = new SqliteEventStore(join(root, `events-${++files}.sqlite`));
  runtime = {
    eventStore: store,
    clock: new FixedClock(new Date('2026-11-18T16:00:00.000Z')),
    config: { zone: 'America/Chicago' },
    readModels: { waitFor: async () => undefined },
    states: new StreamStates(),
  };
});
afterEach(async () => {
  await store.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const twoTops = (...names: string[]): Floor => ({
  areas: [{ name: 'Main room', tables: names.map((name) => ({ name, minSeats: 1, maxSeats: 2, online: true })) }],
  combinations: [],
  stays: DEFAULT_STAY_RULES,
  maxOversizeOnline: 2,
});
/** Another process sets the floor: this one's copy in memory is then stale. */
const setFloor = (floor: Floor) =>
  store.appendToStream(FLOOR_STREAM, [
    { type: 'FloorSet', data: { floor, changes: [] }, metadata: { occurredAt: '2026-11-18T16:00:00.000Z', ...context } },
  ]);
const book = (bookingId: string, time = '19:00', partySize = 2) =>
  runPipeline(runtime, context, async (tx) => {
    const floor = await floorPolicy(tx);
    return claimSeats(tx, policy, { bookingId, kind: 'reservation' }, { date, time, partySize, hold: true }, false, {
      floor,
      online: true,
      holdingMinutes: 90,
    });
  }).then((r) => r.value);
const day = async (): Promise<Record<string, SeatHold>> =>
  Object.fromEntries(holdsOf(fold(seatingDecider, await store.readStream(seatingStream(date)))).map((h) => [h.bookingId, h]));

describe('seat commands with a floor, through the pipeline', () => {
  it('given no floor, then seats are held by the capacity with the holding time, and no tables', async () => {
    expect(await book('a')).toEqual({ bookingId: 'a', kind: 'reservation', time: '19:00', partySize: 2, holdingMinutes: 120 });
  });

  it('given two 2-tops, when three couples book 7 PM, then two get a table each (answered) and the third is fully booked', async () => {
    await setFloor(twoTops('1', '2'));
    expect((await book('a'))?.tables).toEqual(['1']);
    expect(await book('b')).toMatchObject({ tables: ['2'], holdingMinutes: 90 });
    await expect(book('c')).rejects.toBeInstanceOf(FullyBooked);
    // 8:30: the first couple's 90 minutes are over.
    expect((await book('c', '20:30'))?.tables).toEqual(['1']);
  });

  it('given the floor in memory, when another process adds a table, then the next booking is decided again on the new floor', async () => {
    await setFloor(twoTops('1'));
    expect((await book('a'))?.tables).toEqual(['1']);
    await setFloor(twoTops('1', '2'));
    expect((await book('b'))?.tables).toEqual(['2']);
  });

  it('given two 2-tops, when 20 couples book 7 PM at once, then exactly two are seated, at different tables', async () => {
    await setFloor(twoTops('1', '2'));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => book(`r${i}`)));
    const seated = results.filter((r) => r.status === 'fulfilled');
    expect(seated).toHaveLength(2);
    expect(results.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof FullyBooked)).toBe(true);
    expect(
      Object.values(await day())
        .flatMap((h) => h.tables ?? [])
        .sort(),
    ).toEqual(['1', '2']);
  });

  it('given bookings, then staff move one (a taken table is a table rule unless forced), change a stay, and placement decides nothing twice', async () => {
    await setFloor(twoTops('1', '2', '3'));
    await book('a');
    await book('b', '20:00');
    const run = <R>(body: Parameters<typeof runPipeline<R>>[2]) => runPipeline(runtime, context, body).then((r) => r.value);
    expect(await run((tx) => moveTables(tx, { date, bookingId: 'a', tables: ['3'] }))).toEqual(['3']);
    await expect(run((tx) => moveTables(tx, { date, bookingId: 'a', tables: ['2'] }))).rejects.toBeInstanceOf(TableRule);
    expect(await run((tx) => changeStay(tx, { date, bookingId: 'b', minutes: 150 }))).toBe(150);
    expect(await run((tx) => placeTables(tx, date))).toEqual({ placed: [], unplaced: [] });
    expect(await day()).toMatchObject({ a: { tables: ['3'] }, b: { tables: ['2'], holdingMinutes: 150 } });
  });
});
