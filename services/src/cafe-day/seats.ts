import type { SeatHold } from '@cafe/contracts';
import { minutesOf } from './tables.js';

// Seat arithmetic shared by the seating decider and the availability read: a hold occupies its seats
// from its time for its holding minutes, [start, start + holding).

/**
 * The most people seated at once during [time, time + holdingMinutes) by these holds, leaving out the
 * hold of `except` (a booking changing its own seats). A busy day's holds are passed over once, without
 * an object or array per hold: the check runs for every booking on the day.
 */
export function peakSeated(holds: Iterable<SeatHold>, time: string, holdingMinutes: number, except?: string): number {
  const start = minutesOf(time);
  const end = start + holdingMinutes;
  // Only holds that overlap the window count.
  const from: number[] = [];
  const to: number[] = [];
  const size: number[] = [];
  for (const h of holds) {
    if (h.bookingId === except) continue;
    const begins = minutesOf(h.time);
    const ends = begins + h.holdingMinutes;
    if (begins < end && ends > start) {
      from.push(begins);
      to.push(ends);
      size.push(h.partySize);
    }
  }
  // Occupancy only rises where a hold starts: the peak is at the window's start or at a later start inside it.
  let peak = 0;
  for (let p = -1; p < from.length; p++) {
    const point = p < 0 ? start : from[p]!;
    if (p >= 0 && point <= start) continue;
    let seated = 0;
    for (let j = 0; j < from.length; j++) if (from[j]! <= point && point < to[j]!) seated += size[j]!;
    if (seated > peak) peak = seated;
  }
  return peak;
}

/** Seats a new booking at `time` could still take, never below 0. */
export function seatsLeft(holds: Iterable<SeatHold>, time: string, holdingMinutes: number, capacity: number): number {
  return Math.max(0, capacity - peakSeated(holds, time, holdingMinutes));
}
