import { minutesOf, type Floor, type SeatHold } from '@cafe/contracts';

/**
 * Table assignment, pure: which tables (one table, or a combination staff allow to be joined) a party
 * takes for its stay [time, time + minutes), given the tables the day's other holds sit at. Best fit:
 * the smallest maximum first, single tables before combinations, then floor order (fewest empty seats
 * follows from the smallest maximum); guests only online tables, never more than the floor's
 * maxOversizeOnline seats too big; staff any table. A combination is free only when every table in it is.
 */

/** A table or a combination as assignment sees it: the tables it takes and the party sizes it seats. */
export interface TableUnit {
  tables: string[];
  /** Its tables' names lower-cased, as occupancy is keyed: every check reads them for every unit. */
  keys: string[];
  minSeats: number;
  maxSeats: number;
  /** Guests may book it: a table marked online, a combination of online tables only. */
  online: boolean;
  combination: boolean;
  /** Floor order: tables area by area, then combinations as listed. */
  order: number;
}

/** A party looking for tables: its size, its stay, and who books (a guest online, or staff). */
export interface TableWant {
  partySize: number;
  time: string;
  minutes: number;
  online: boolean;
  /** The party's own hold (a change of its time or size): its tables do not count against it. */
  exceptId?: string;
}

/** Why given tables do not fit: unknown by name, held by another stay, or too few seats. */
export type TableCheck =
  | { ok: true; tables: string[]; seats: number }
  | { ok: false; rule: 'unknown'; table: string }
  | { ok: false; rule: 'taken'; table: string; at: string }
  | { ok: false; rule: 'small'; tables: string[]; seats: number };

interface FloorIndex {
  /** Best fit first for any party: smallest maximum, singles before combinations, floor order. */
  units: TableUnit[];
  /** By lower-cased name. */
  tables: Map<string, TableUnit>;
  /** By the lower-cased, sorted names of their tables. */
  combinations: Map<string, TableUnit>;
}

const indexes = new WeakMap<Floor, FloorIndex>();
const keyOf = (names: readonly string[]) =>
  names
    .map((n) => n.toLowerCase())
    .sort()
    .join('\u0000');

/** The floor's tables and combinations, derived once per floor object. */
export function floorIndex(floor: Floor): FloorIndex {
  let index = indexes.get(floor);
  if (index) return index;
  const tables = new Map<string, TableUnit>();
  let order = 0;
  for (const area of floor.areas) {
    for (const t of area.tables) {
      tables.set(t.name.toLowerCase(), {
        tables: [t.name],
        keys: [t.name.toLowerCase()],
        minSeats: t.minSeats,
        maxSeats: t.maxSeats,
        online: t.online,
        combination: false,
        order: order++,
      });
    }
  }
  const combinations = new Map<string, TableUnit>();
  for (const c of floor.combinations) {
    const members = c.tables.map((n) => tables.get(n.toLowerCase()));
    if (members.some((m) => !m)) continue;
    combinations.set(keyOf(c.tables), {
      tables: members.map((m) => m!.tables[0]!),
      keys: members.map((m) => m!.keys[0]!),
      minSeats: c.minSeats,
      maxSeats: c.maxSeats,
      online: members.every((m) => m!.online),
      combination: true,
      order: order++,
    });
  }
  const units = [...tables.values(), ...combinations.values()].sort(
    (a, b) => a.maxSeats - b.maxSeats || Number(a.combination) - Number(b.combination) || a.order - b.order,
  );
  index = { units, tables, combinations };
  indexes.set(floor, index);
  return index;
}

const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Table names lower-cased once each: every check reads the tables of the holds around its time, and a
 * floor has a few dozen names (the cache is emptied past a few thousand, should names ever run wild).
 */
const lowered = new Map<string, string>();
function lower(name: string): string {
  let key = lowered.get(name);
  if (key === undefined) {
    if (lowered.size >= 4096) lowered.clear();
    key = name.toLowerCase();
    lowered.set(name, key);
  }
  return key;
}

/** Each table's stays on the day (by lower-cased name), from the holds that sit at tables. */
export type Occupancy = Map<string, { from: number; to: number }[]>;

/**
 * Each table's stays from these holds, leaving out `exceptId`'s; with `window`, only the stays that
 * overlap [from, to): one question's occupancy, so a busy day's check builds a stay only for the holds
 * that can be in its way.
 */
export function occupancyOf(holds: Iterable<SeatHold>, exceptId?: string, window?: { from: number; to: number }): Occupancy {
  const occupancy: Occupancy = new Map();
  for (const h of holds) {
    if (!h.tables?.length || h.bookingId === exceptId) continue;
    const from = minutesOf(h.time);
    if (window && (from >= window.to || from + h.holdingMinutes <= window.from)) continue;
    const stay = { from, to: from + h.holdingMinutes };
    for (const t of h.tables) {
      const key = lower(t);
      const list = occupancy.get(key);
      if (list) list.push(stay);
      else occupancy.set(key, [stay]);
    }
  }
  return occupancy;
}

/** The first minute another stay holds the table (by its lower-cased name) during [from, to), or null when it is free. */
function takenAt(occupancy: Occupancy, key: string, from: number, to: number): number | null {
  let first: number | null = null;
  for (const s of occupancy.get(key) ?? []) {
    if (s.from < to && s.to > from) {
      const at = Math.max(s.from, from);
      if (first === null || at < first) first = at;
    }
  }
  return first;
}

const isFree = (occupancy: Occupancy, unit: TableUnit, from: number, to: number) =>
  unit.keys.every((key) => takenAt(occupancy, key, from, to) === null);

/** May this party take this unit by the rules (leaving aside whether it is free)? */
export function allowed(floor: Floor, unit: TableUnit, partySize: number, online: boolean): boolean {
  if (partySize < unit.minSeats || partySize > unit.maxSeats) return false;
  return !online || (unit.online && unit.maxSeats - partySize <= floor.maxOversizeOnline);
}

/**
 * Holds, or their occupancy built once for many questions (then built without the party's own hold
 * already); from holds, only the stays overlapping the one question's [from, to).
 */
const holdsOrOccupancy = (holds: Iterable<SeatHold> | Occupancy, exceptId: string | undefined, from: number, to: number): Occupancy =>
  holds instanceof Map ? holds : occupancyOf(holds, exceptId, { from, to });

/** Best fit for the party, or null when no table or combination it may take is free for its whole stay. */
export function assign(floor: Floor, holds: Iterable<SeatHold> | Occupancy, want: TableWant): string[] | null {
  const from = minutesOf(want.time);
  const to = from + want.minutes;
  const occupancy = holdsOrOccupancy(holds, want.exceptId, from, to);
  for (const unit of floorIndex(floor).units) {
    if (allowed(floor, unit, want.partySize, want.online) && isFree(occupancy, unit, from, to)) return [...unit.tables];
  }
  return null;
}

/** The first of these tables another stay holds during [time, time + minutes), and from when; null when all are free. */
export function tablesTaken(
  holds: Iterable<SeatHold> | Occupancy,
  names: readonly string[],
  time: string,
  minutes: number,
  exceptId?: string,
): { table: string; at: string } | null {
  const from = minutesOf(time);
  const occupancy = holdsOrOccupancy(holds, exceptId, from, from + minutes);
  for (const table of names) {
    const at = takenAt(occupancy, lower(table), from, from + minutes);
    if (at !== null) return { table, at: clock(at) };
  }
  return null;
}

/**
 * What given tables seat: one table its maximum, a combination staff set up its own, tables joined by
 * hand their maximums added. Null when a name is not on the floor.
 */
export function unitFor(floor: Floor, names: readonly string[]): TableUnit | { unknown: string } {
  const index = floorIndex(floor);
  const members: TableUnit[] = [];
  for (const name of names) {
    const table = index.tables.get(name.toLowerCase());
    if (!table) return { unknown: name };
    if (!members.includes(table)) members.push(table);
  }
  if (members.length === 1) return members[0]!;
  const combination = index.combinations.get(keyOf(members.map((m) => m.tables[0]!)));
  if (combination) return combination;
  return {
    tables: members.map((m) => m.tables[0]!),
    keys: members.map((m) => m.keys[0]!),
    minSeats: 0,
    maxSeats: members.reduce((sum, m) => sum + m.maxSeats, 0),
    online: false,
    combination: true,
    order: Number.MAX_SAFE_INTEGER,
  };
}

/**
 * Whether these tables seat the party for its stay, as staff would be warned: every name on the floor,
 * enough seats, and no other stay on any of them meanwhile. (The online rules are assign's, not a warning.)
 */
export function fits(floor: Floor, holds: Iterable<SeatHold> | Occupancy, names: readonly string[], want: TableWant): TableCheck {
  const unit = unitFor(floor, names);
  if ('unknown' in unit) return { ok: false, rule: 'unknown', table: unit.unknown };
  if (want.partySize > unit.maxSeats) return { ok: false, rule: 'small', tables: unit.tables, seats: unit.maxSeats };
  const taken = tablesTaken(holds, unit.tables, want.time, want.minutes, want.exceptId);
  if (taken) return { ok: false, rule: 'taken', ...taken };
  return { ok: true, tables: unit.tables, seats: unit.maxSeats };
}

/**
 * For availability: the largest party (at most `upTo`) that a table or combination fits at `time` for its
 * stay (`stayFor(n)` minutes), by the guests' rules unless `online` is false; 0 when none. With `upTo`
 * the party's size, the answer is that size exactly when it fits, and smaller when it does not.
 */
export function largestPartyAt(
  floor: Floor,
  holds: Iterable<SeatHold> | Occupancy,
  time: string,
  stayFor: (partySize: number) => number,
  options: { upTo?: number; online?: boolean; exceptId?: string } = {},
): number {
  const online = options.online ?? true;
  const units = floorIndex(floor).units.filter((u) => !online || u.online);
  let largest = 0;
  for (const u of units) largest = Math.max(largest, u.maxSeats);
  if (options.upTo !== undefined) largest = Math.min(largest, options.upTo);
  const from = minutesOf(time);
  // From holds, the stays overlapping the longest stay asked about; an occupancy built for the whole day
  // (availability, once for every slot) is taken as it is.
  let longest = 0;
  if (!(holds instanceof Map)) for (let n = largest; n >= 1; n--) longest = Math.max(longest, stayFor(n));
  const occupancy = holdsOrOccupancy(holds, options.exceptId, from, from + longest);
  for (let n = largest; n >= 1; n--) {
    const to = from + stayFor(n);
    if (units.some((u) => allowed(floor, u, n, online) && isFree(occupancy, u, from, to))) return n;
  }
  return 0;
}
