import { stayMinutesFor, type Floor } from '@cafe/contracts';
import { allowed, floorIndex, type TableUnit } from '../cafe-day/index.js';

/**
 * How long the parties at the door will wait (pure; minutes of the café's day, past midnight beyond
 * 1440). The queue is replayed against the floor as the host works it: first in line first, each party
 * at the best table it fits that is free for its whole stay (never into an upcoming booking), as soon as
 * one is; a small party overtakes a large one when a small table frees first, never delaying it. Without
 * a floor the same replay runs on the seat capacity.
 */

/** Something holding tables (or seats) on the day: a seated party until its stay ends, a booking to come. */
export interface Occupying {
  /** With a floor the tables it sits at; absent or [] without (it counts its seats). */
  tables?: readonly string[];
  partySize: number;
  from: number;
  to: number;
}

export interface QueuedParty {
  id: string;
  partySize: number;
}

export interface EstimateInput {
  /** The minute of the day it is now. */
  now: number;
  /** null: no tables, the café seats by capacity. */
  floor: Floor | null;
  /** Seats without a floor. */
  capacity: number;
  /** A party's stay without a floor (the business info's holding time). */
  holdingMinutes: number;
  /** Seated parties (until their stays end) and the day's bookings still to come. */
  occupying: readonly Occupying[];
  /** The parties still waiting, first in line first. */
  queue: readonly QueuedParty[];
  /** A party's stay; by default its size's band on the floor, else the holding time. */
  stayFor?: (partySize: number) => number;
}

export interface PartyEstimate {
  id: string;
  /** Minutes from now until they are seated; null when nothing fits within the horizon. */
  minutes: number | null;
  /** The minute they would be seated, and where (with a floor). */
  at: number | null;
  tables: string[];
}

/** Beyond this the replay stops: the party is quoted "no table tonight" (null). */
export const ESTIMATE_HORIZON_MINUTES = 6 * 60;

interface Interval {
  from: number;
  to: number;
}

const overlaps = (list: readonly Interval[] | undefined, from: number, to: number) => !!list?.some((s) => s.from < to && s.to > from);

/**
 * The replay, in queue order: each party at the earliest moment a table it fits is free for its whole stay,
 * around the stays already planned for the parties ahead (so a later party overtakes only where it delays
 * no one ahead of it: a small table freeing first, a gap before a booking).
 */
export function estimateWaits(input: EstimateInput): PartyEstimate[] {
  const stayFor = input.stayFor ?? defaultStay(input);
  const seat = input.floor && floorIndex(input.floor).units.length > 0 ? tableSeater(input.floor, input.occupying) : seatSeater(input);
  // The moments something frees up: now, and every stay's end after it (each party planned adds its own).
  const ends = new Set<number>([input.now]);
  for (const o of input.occupying) if (o.to > input.now) ends.add(o.to);
  const horizon = input.now + ESTIMATE_HORIZON_MINUTES;
  return input.queue.map((party) => {
    const minutes = stayFor(party.partySize);
    for (const t of [...ends].sort((a, b) => a - b)) {
      if (t > horizon) break;
      const tables = seat(party.partySize, t, t + minutes);
      if (!tables) continue;
      ends.add(t + minutes);
      return { id: party.id, minutes: t - input.now, at: t, tables };
    }
    return { id: party.id, minutes: null, at: null, tables: [] };
  });
}

/** The estimate of one party (the last of the queue when it was just added). */
export function estimateFor(input: EstimateInput, id: string): PartyEstimate | undefined {
  return estimateWaits(input).find((e) => e.id === id);
}

function defaultStay(input: EstimateInput): (partySize: number) => number {
  const floor = input.floor;
  return floor ? (size) => stayMinutesFor(floor.stays, size) : () => input.holdingMinutes;
}

type Seater = (partySize: number, from: number, to: number) => string[] | null;

/** With a floor: the best free table or combination (staff's rules: any table), taken for [from, to). */
function tableSeater(floor: Floor, occupying: readonly Occupying[]): Seater {
  const occupancy = new Map<string, Interval[]>();
  const take = (tables: readonly string[], from: number, to: number) => {
    for (const t of tables) {
      const key = t.toLowerCase();
      const list = occupancy.get(key);
      if (list) list.push({ from, to });
      else occupancy.set(key, [{ from, to }]);
    }
  };
  for (const o of occupying) if (o.tables?.length) take(o.tables, o.from, o.to);
  const units = floorIndex(floor).units;
  const free = (unit: TableUnit, from: number, to: number) => unit.keys.every((key) => !overlaps(occupancy.get(key), from, to));
  return (partySize, from, to) => {
    const unit = units.find((u) => allowed(floor, u, partySize, false) && free(u, from, to));
    if (!unit) return null;
    take(unit.tables, from, to);
    return [...unit.tables];
  };
}

/** Without a floor: seats, the capacity against every stay overlapping [from, to). */
function seatSeater(input: EstimateInput): Seater {
  const stays = input.occupying.map((o) => ({ from: o.from, to: o.to, size: o.partySize }));
  const peak = (from: number, to: number) => {
    const over = stays.filter((s) => s.from < to && s.to > from);
    let most = 0;
    for (const point of [from, ...over.filter((s) => s.from > from).map((s) => s.from)]) {
      let seated = 0;
      for (const s of over) if (s.from <= point && point < s.to) seated += s.size;
      most = Math.max(most, seated);
    }
    return most;
  };
  return (partySize, from, to) => {
    if (partySize > input.capacity || peak(from, to) + partySize > input.capacity) return null;
    stays.push({ from, to, size: partySize });
    return [];
  };
}
