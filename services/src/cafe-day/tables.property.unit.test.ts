import { describe, expect, it } from 'vitest';
import { stayMinutesFor, type Floor, type SeatHold, type SeatingEvent, type StayRules } from '@cafe/contracts';
import { WEDNESDAY } from '../../test/decider-spec.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import { FullyBooked, TableRule, holdsOf, seatingDecider, type SeatingCommand, type SeatingState } from './seating-decider.js';
import { holdIn } from './hold-list.js';
import { largestPartyAt } from './tables.js';

// Property test against a brute force (issue 48's Must show): random small floors (1–8 tables, with
// combinations) and random booking sequences decided by the real seating decider, each step checked
// against every subset of the floor's tables.

const SEQUENCES = 600;
const date = '2026-11-21';

/** mulberry32: a small seeded generator, so a failure names its seed and replays. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { int, chance: (p: number) => next() < p, pick: <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]! };
}
type Rand = ReturnType<typeof prng>;

function randomFloor(r: Rand): Floor {
  const count = r.int(1, 8);
  const tables = Array.from({ length: count }, (_, i) => {
    const minSeats = r.int(1, 3);
    return { name: `T${i + 1}`, minSeats, maxSeats: minSeats + r.int(0, 4), online: r.chance(0.75) };
  });
  const cut = r.int(0, count);
  const areas = [
    { name: 'Main', tables: tables.slice(0, cut) },
    { name: 'Back', tables: tables.slice(cut) },
  ].filter((a) => a.tables.length > 0 || r.chance(0.2));
  const combinations: Floor['combinations'] = [];
  const keys = new Set<string>();
  for (let c = count >= 2 ? r.int(0, 3) : 0; c > 0; c--) {
    const members = [...tables].sort(() => r.int(-1, 1)).slice(0, r.int(2, Math.min(3, count)));
    const key = members
      .map((t) => t.name)
      .sort()
      .join('+');
    if (keys.has(key)) continue;
    keys.add(key);
    const minSeats = r.int(2, 6);
    combinations.push({ tables: members.map((t) => t.name), minSeats, maxSeats: minSeats + r.int(0, 6) });
  }
  const stays: StayRules = {
    bands: [
      { fromGuests: 1, minutes: r.pick([60, 90]) },
      { fromGuests: 3, minutes: r.pick([90, 120]) },
      { fromGuests: 5, minutes: r.pick([120, 150, 180]) },
    ],
    gameMaxMinutes: 240,
  };
  return { areas, combinations, stays, maxOversizeOnline: r.int(0, 3) };
}

// ---- the brute force: every subset of the tables, no index, no ordering shortcuts ----
const mins = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
interface Candidate {
  tables: string[];
  min: number;
  max: number;
  online: boolean;
  combination: boolean;
  order: number;
}

/** Every subset of the floor's tables that is a unit staff set up: one table, or exactly a combination's tables. */
function candidates(floor: Floor): Candidate[] {
  const all = floor.areas.flatMap((a) => a.tables);
  const out: Candidate[] = [];
  for (let mask = 1; mask < 1 << all.length; mask++) {
    const subset = all.filter((_, i) => mask & (1 << i));
    const names = subset.map((t) => t.name);
    if (subset.length === 1) {
      const t = subset[0]!;
      out.push({ tables: names, min: t.minSeats, max: t.maxSeats, online: t.online, combination: false, order: all.indexOf(t) });
      continue;
    }
    floor.combinations.forEach((c, i) => {
      if (c.tables.length === names.length && c.tables.every((n) => names.includes(n))) {
        const online = subset.every((t) => t.online);
        out.push({ tables: names, min: c.minSeats, max: c.maxSeats, online, combination: true, order: all.length + i });
      }
    });
  }
  return out;
}

const free = (holds: SeatHold[], tables: string[], from: number, to: number, exceptId?: string) =>
  holds.every(
    (h) =>
      h.bookingId === exceptId ||
      !h.tables?.some((t) => tables.includes(t)) ||
      mins(h.time) + h.holdingMinutes <= from ||
      mins(h.time) >= to,
  );

const mayTake = (floor: Floor, c: Candidate, n: number, online: boolean) =>
  c.min <= n && n <= c.max && (!online || (c.online && c.max - n <= floor.maxOversizeOnline));

/** The best candidate by the rules (smallest maximum, single before combination, floor order), or null when none seats the party. */
function bruteBest(floor: Floor, holds: SeatHold[], n: number, time: string, minutes: number, online: boolean, exceptId?: string) {
  const from = mins(time);
  const seat = candidates(floor).filter((c) => mayTake(floor, c, n, online) && free(holds, c.tables, from, from + minutes, exceptId));
  seat.sort((a, b) => a.max - b.max || Number(a.combination) - Number(b.combination) || a.order - b.order);
  return seat[0] ?? null;
}
const rank = (c: Candidate) => [c.max, Number(c.combination)];
const candidateOf = (floor: Floor, tables: string[]) =>
  candidates(floor).find((c) => c.tables.length === tables.length && c.tables.every((t) => tables.includes(t)));

// ---- the invariants after every step ----
function checkDay(floor: Floor, state: SeatingState, unplacedOk: Set<string>, where: string) {
  const holds = Object.values(holdsOf(state)).filter((h) => h.kind !== 'event');
  const names = new Set(floor.areas.flatMap((a) => a.tables.map((t) => t.name)));
  for (const h of holds) {
    if (unplacedOk.has(h.bookingId) && h.tables?.length === 0) continue;
    // Every accepted booking has tables on the floor that seat it, for its whole stay (checked below).
    expect(h.tables?.length, `${where}: ${h.bookingId} has tables`).toBeGreaterThan(0);
    for (const t of h.tables!) expect(names.has(t), `${where}: ${t} is on the floor`).toBe(true);
    // Tables staff joined by hand (no combination set up) seat their maximums added.
    const all = floor.areas.flatMap((a) => a.tables);
    const seats =
      candidateOf(floor, h.tables!)?.max ?? all.filter((t) => h.tables!.includes(t.name)).reduce((sum, t) => sum + t.maxSeats, 0);
    expect(seats, `${where}: ${h.bookingId} (${h.partySize}) seated at ${h.tables!.join('+')}`).toBeGreaterThanOrEqual(h.partySize);
  }
  // No table holds two overlapping stays.
  for (const a of holds) {
    for (const b of holds) {
      if (a.bookingId >= b.bookingId || !a.tables?.some((t) => b.tables?.includes(t))) continue;
      const overlap = mins(a.time) < mins(b.time) + b.holdingMinutes && mins(b.time) < mins(a.time) + a.holdingMinutes;
      expect(overlap, `${where}: ${a.bookingId} and ${b.bookingId} share ${a.tables!.join('+')}`).toBe(false);
    }
  }
}

/** What the sequences exercised, so the property is known to have met each case. */
const seen = {
  accepted: 0,
  refused: 0,
  combinations: 0,
  kept: 0,
  unplaced: 0,
  moves: 0,
  rules: 0,
  stays: 0,
  placed: 0,
  unplacedByFloor: 0,
};

const SLOTS = Array.from({ length: 11 }, (_, i) => `${17 + Math.floor(i / 2)}:${i % 2 ? '30' : '00'}`);

function decide(state: SeatingState, command: SeatingCommand): SeatingEvent[] | DomainError {
  try {
    return seatingDecider.decide(command, state, WEDNESDAY);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

function runSequence(seed: number) {
  const r = prng(seed);
  const floor = randomFloor(r);
  const biggest = Math.max(0, ...candidates(floor).map((c) => c.max));
  let state = seatingDecider.initialState();
  const apply = (events: SeatingEvent[]) => (state = events.reduce(seatingDecider.evolve, state));
  const unplacedOk = new Set<string>();
  let next = 0;
  const steps = r.int(8, 20);
  for (let step = 0; step < steps; step++) {
    const where = `seed ${seed}, step ${step}`;
    const holds = () => Object.values(holdsOf(state));
    const ids = holds().map((h) => h.bookingId);
    const roll = r.int(1, 100);
    if (roll <= 60 || ids.length === 0 || roll <= 72) {
      // A booking, new (or a change of one already on the day: its own tables do not count against it).
      const change = roll > 60 && ids.length > 0;
      const id = change ? r.pick(ids) : `b${next++}`;
      const n = r.int(1, biggest + 1);
      const time = r.pick(SLOTS);
      const game = r.chance(0.3) ? r.int(30, 240) : null;
      const stayFor = (m: number) => stayMinutesFor(floor.stays, m, game);
      const online = r.chance(0.7);
      const override = !online && r.chance(0.15);
      const exceptId = change ? id : undefined;
      // Availability answers the largest party up to n; the brute force agrees, size by size.
      const offered = largestPartyAt(floor, holds(), time, stayFor, { upTo: n, online, ...(exceptId ? { exceptId } : {}) });
      let expected = 0;
      for (let m = n; m >= 1 && expected === 0; m--) if (bruteBest(floor, holds(), m, time, stayFor(m), online, exceptId)) expected = m;
      expect(offered, `${where}: largest party up to ${n} at ${time}`).toBe(expected);
      const held = holdIn(holdsOf(state), id);
      const best = bruteBest(floor, holds(), n, time, stayFor(n), online, exceptId);
      const result = decide(state, {
        type: 'ReserveSeats',
        date,
        hold: { bookingId: id, kind: 'reservation', time, partySize: n, holdingMinutes: stayFor(n) },
        capacity: 1000,
        override,
        floor,
        online,
      });
      if (result instanceof DomainError) {
        expect(result, `${where}: refused only as fully booked`).toBeInstanceOf(FullyBooked);
        expect(best, `${where}: refused though the brute force seats ${n} at ${time}`).toBeNull();
        expect(offered, `${where}: offered a time that was refused`).toBeLessThan(n);
        seen.refused++;
        continue;
      }
      const got = result.length ? result.at(-1)! : null;
      const tables = got?.type === 'SeatsReserved' ? (got.data.tables ?? []) : (held?.tables ?? []);
      if (best) {
        expect(tables.length, `${where}: seated`).toBeGreaterThan(0);
        const kept = change && !!held?.tables?.length && tables.join() === held.tables.join();
        // A new booking gets a best fit as good as the brute force's; a change may keep tables that still fit.
        if (!kept) {
          const unit = candidateOf(floor, tables);
          expect(unit && rank(unit), `${where}: best fit for ${n} (${online ? 'online' : 'staff'})`).toEqual(rank(best));
          expect(mayTake(floor, unit!, n, online), `${where}: allowed`).toBe(true);
        }
        unplacedOk.delete(id);
        seen.accepted++;
        if (kept) seen.kept++;
        if (tables.length > 1) seen.combinations++;
      } else {
        seen.unplaced++;
        expect(override || (change && tables.length > 0), `${where}: accepted without a table`).toBe(true);
        if (tables.length === 0) unplacedOk.add(id);
      }
      apply(result);
    } else if (roll <= 82) {
      apply(seatingDecider.decide({ type: 'ReleaseSeats', date, bookingId: r.pick(ids) }, state, WEDNESDAY));
    } else if (roll <= 92) {
      const names = floor.areas.flatMap((a) => a.tables.map((t) => t.name));
      const id = r.pick(ids);
      const tables = [...new Set([r.pick(names), ...(r.chance(0.3) ? [r.pick(names)] : [])])];
      const result = decide(state, { type: 'MoveTables', date, bookingId: id, tables, force: false, floor });
      if (result instanceof DomainError) {
        expect(result, where).toBeInstanceOf(TableRule);
        seen.rules++;
      } else {
        apply(result);
        unplacedOk.delete(id);
        seen.moves++;
      }
    } else {
      const result = decide(state, {
        type: 'ChangeStay',
        date,
        bookingId: r.pick(ids),
        minutes: r.pick([30, 60, 90, 120, 180, 240]),
        force: false,
      });
      if (result instanceof DomainError) expect(result, where).toBeInstanceOf(TableRule);
      else {
        apply(result);
        seen.stays++;
      }
    }
    checkDay(floor, state, unplacedOk, where);
  }
  return { floor, state, r };
}

/** The day's holds as if booked before the floor (no tables), placed when the floor is set. */
function checkPlacement(seed: number, dayFloor: Floor, day: SeatingState, r: Rand) {
  const where = `seed ${seed}, placement`;
  // The same floor set again, or another one (same table names, other seats: tables that no longer seat a party are placed anew).
  const floor = r.chance(0.5) ? dayFloor : randomFloor(r);
  const before = Object.values(holdsOf(day)).map(({ tables, ...h }) => (r.chance(0.5) ? h : { ...h, tables: tables ?? [] }));
  let state = before.reduce(
    (s, h) => seatingDecider.evolve(s, { type: 'SeatsReserved', data: { date, ...h, capacity: 1000 } }),
    seatingDecider.initialState(),
  );
  const events = seatingDecider.decide({ type: 'PlaceTables', date, floor }, state, WEDNESDAY);
  state = events.reduce(seatingDecider.evolve, state);
  const unplaced = new Set(events.flatMap((e) => (e.type === 'TablesUnplaced' ? [e.data.bookingId] : [])));
  seen.placed += events.length - unplaced.size;
  seen.unplacedByFloor += unplaced.size;
  for (const h of Object.values(holdsOf(state))) if (h.tables?.length === 0) unplaced.add(h.bookingId);
  checkDay(floor, state, unplaced, where);
  // Unplaced only when no table seats it even now (the day only filled up after its turn).
  const holds = Object.values(holdsOf(state));
  for (const id of unplaced) {
    const h = holdIn(holdsOf(state), id)!;
    expect(bruteBest(floor, holds, h.partySize, h.time, h.holdingMinutes, false, id), `${where}: ${id} could be placed`).toBeNull();
  }
  expect(seatingDecider.decide({ type: 'PlaceTables', date, floor }, state, WEDNESDAY), `${where}: run again`).toEqual([]);
}

describe('table assignment against a brute force (random floors of 1–8 tables, random booking sequences)', () => {
  it(`given ${SEQUENCES} seeded sequences, then availability never offers a time no assignment seats, every accepted booking has tables for its whole stay, no table holds two overlapping stays, and the fit is as good as the brute force's`, () => {
    for (let seed = 1; seed <= SEQUENCES; seed++) {
      const { floor, state, r } = runSequence(seed);
      checkPlacement(seed, floor, state, r);
    }
    // Every case met often enough to mean something.
    for (const [name, count] of Object.entries(seen)) expect(count, name).toBeGreaterThanOrEqual(40);
  });
});
