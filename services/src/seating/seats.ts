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
  const list = [...holds].map((h) => ({ from: minutesOf(h.time), to: minutesOf(h.time) + h.holdingMinutes, size: h.partySize }));
  // Occupancy only rises where a hold starts: the peak is at the window's start or at a later start inside it.
  const points = [start, ...list.map((h) => h.from).filter((from) => from > start && from < end)];
  let peak = 0;
  for (const p of points) {
    const seated = list.reduce((sum, h) => (h.from <= p && p < h.to ? sum + h.size : sum), 0);
    peak = Math.max(peak, seated);
  }
  return peak;
}

/** Seats a new booking at `time` could still take, never below 0. */
export function seatsLeft(holds: Iterable<SeatHold>, time: string, holdingMinutes: number, capacity: number): number {
  return Math.max(0, capacity - peakSeated(holds, time, holdingMinutes));
}
