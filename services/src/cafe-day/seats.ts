import { minutesOf, type SeatHold } from '@cafe/contracts';

// Seat arithmetic shared by the seating decider and the availability read: a hold occupies its seats
// from its time for its holding minutes, [start, start + holding).

const LONG_WINDOW = 2 * 24 * 60;

/** The seats arriving (+) and leaving (−) at each minute of the window asked about, reused by every check. */
let changes = new Float64Array(24 * 60);

/**
 * The most people seated at once during [time, time + holdingMinutes) by these holds, leaving out the
 * hold of `except` (a booking changing its own seats). A busy day's holds are passed over once, without
 * an object per hold: each overlapping hold adds its seats at the minute it arrives (the window's start at
 * the earliest) and takes them away at the minute it leaves, and one pass over the window's minutes
 * finds the peak. The check runs for every booking on the day; comparing every overlapping hold with
 * every other grew with the square of a full evening.
 */
export function peakSeated(holds: Iterable<SeatHold>, time: string, holdingMinutes: number, except?: string): number {
  const start = minutesOf(time);
  const end = start + holdingMinutes;
  // Whole minutes: a stay's holding minutes are whole, and a fraction must not fall between the slots.
  let length = Math.max(0, Math.ceil(holdingMinutes));
  // A window past two days (never a booking's): nothing is seated after the last stay ends, so the
  // minutes counted stop there rather than at the window's end.
  if (length > LONG_WINDOW) {
    let last = start;
    for (const h of holds) last = Math.max(last, minutesOf(h.time) + h.holdingMinutes);
    length = Math.min(length, Math.ceil(last - start));
  }
  if (changes.length < length) changes = new Float64Array(length);
  changes.fill(0, 0, length);
  for (const h of holds) {
    if (h.bookingId === except) continue;
    const begins = minutesOf(h.time);
    const ends = begins + h.holdingMinutes;
    if (begins < end && ends > start) {
      changes[Math.max(begins, start) - start]! += h.partySize;
      const leaves = Math.ceil(ends - start);
      if (leaves < length) changes[leaves]! -= h.partySize;
    }
  }
  let seated = 0;
  let peak = 0;
  for (let minute = 0; minute < length; minute++) {
    seated += changes[minute]!;
    if (seated > peak) peak = seated;
  }
  return peak;
}

/**
 * The seats left at each of a day's slots, for the day's availability: the people seated at every minute
 * of the day are counted once, and each slot reads the peak of its window from them. Asking peakSeated
 * slot by slot passed over every hold of a busy day once per slot.
 */
export function seatsLeftAt(holds: Iterable<SeatHold>, holdingMinutes: number, capacity: number): (time: string) => number {
  const stays: { from: number; to: number; size: number }[] = [];
  let last = 0;
  for (const h of holds) {
    const from = minutesOf(h.time);
    const to = from + Math.ceil(h.holdingMinutes);
    if (!(to > from)) continue;
    stays.push({ from, to, size: h.partySize });
    if (to > last) last = to;
  }
  // Past midnight too: a late stay runs on into the next day's minutes.
  const seated = new Float64Array(last + 1);
  for (const { from, to, size } of stays) {
    seated[from]! += size;
    seated[to]! -= size;
  }
  for (let minute = 1; minute <= last; minute++) seated[minute]! += seated[minute - 1]!;
  return (time) => {
    const start = minutesOf(time);
    const end = Math.min(start + Math.ceil(holdingMinutes), last);
    let peak = 0;
    for (let minute = start; minute < end; minute++) if (seated[minute]! > peak) peak = seated[minute]!;
    return Math.max(0, capacity - peak);
  };
}
