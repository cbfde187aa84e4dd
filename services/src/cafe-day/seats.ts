import type { SeatHold } from '@cafe/contracts';

/**
 * Seat arithmetic shared by the seating decider and the availability read: a hold occupies its seats
 * from its time for its holding minutes, [start, start + holding).
 */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The most people seated at once during [time, time + holdingMinutes) by these holds. */
export function peakSeated(holds: Iterable<SeatHold>, time: string, holdingMinutes: number): number {
  const start = minutesOf(time);
  const end = start + holdingMinutes;
  // Only holds that overlap the window count: a busy day's others are passed over once, not at every point.
  const overlapping: { from: number; to: number; size: number }[] = [];
  for (const h of holds) {
    const from = minutesOf(h.time);
    const to = from + h.holdingMinutes;
    if (from < end && to > start) overlapping.push({ from, to, size: h.partySize });
  }
  // Occupancy only rises where a hold starts: the peak is at the window's start or at a later start inside it.
  let peak = 0;
  for (const point of [start, ...overlapping.filter((h) => h.from > start).map((h) => h.from)]) {
    let seated = 0;
    for (const h of overlapping) if (h.from <= point && point < h.to) seated += h.size;
    if (seated > peak) peak = seated;
  }
  return peak;
}

/** Seats a new booking at `time` could still take, never below 0. */
export function seatsLeft(holds: Iterable<SeatHold>, time: string, holdingMinutes: number, capacity: number): number {
  return Math.max(0, capacity - peakSeated(holds, time, holdingMinutes));
}
