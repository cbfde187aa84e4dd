import { openingHoursOf, slotsFor, type DayCovers, type SeatHold } from '@cafe/contracts';
import { peakSeated, type SeatingPolicyDoc } from '../cafe-day/index.js';

const hourOf = (time: string) => Number(time.slice(0, 2));
const at = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * A day's covers from its seats (the seating read model): `total` the people booked at tables that day,
 * `eventGuests` the places confirmed at its events (apart: an event's seats are not its guests), and
 * per hour the café seats guests (and any hour a hold starts in) the most seats held at once, events'
 * included, against the capacity.
 */
export function dayCovers(date: string, holds: readonly SeatHold[], hours: SeatingPolicyDoc['hours'], eventGuests = 0): DayCovers {
  const starts = [...slotsFor(date, openingHoursOf(hours ?? {})), ...holds.map((h) => h.time)].map(hourOf);
  // A live waitlist offer holds seats but is nobody booked yet; an event's seats are its guests' (counted apart).
  const total = holds.reduce((sum, h) => sum + (h.kind === 'event' || h.kind === 'offer' ? 0 : h.partySize), 0);
  if (starts.length === 0) return { date, total, eventGuests, hours: [] };
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  return {
    date,
    total,
    eventGuests,
    hours: Array.from({ length: last - first + 1 }, (_, i) => first + i).map((hour) => ({
      hour,
      seated: peakSeated(holds, at(hour), 60),
    })),
  };
}
