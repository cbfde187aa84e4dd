import { stayUntilOf, type SeatHold } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { seatingProjection, type SeatingDayDoc, type SeatingDoc } from './seating-projection.js';
import { holdIn } from './hold-list.js';

/** A booking's tables and the end of its stay, as answers and lists show them: only a hold on a floor has them. */
export interface TablesOut {
  tables?: string[];
  stayUntil?: string;
}

/** What a hold tells guests and staff: its tables and until when (HH:mm); nothing without a floor (no `tables`). */
export function tablesOut(hold: Pick<SeatHold, 'time' | 'holdingMinutes' | 'tables'> | null | undefined): TablesOut {
  if (!hold?.tables) return {};
  return { tables: [...hold.tables], stayUntil: stayUntilOf(hold.time, hold.holdingMinutes) };
}

/**
 * The tables and stay ends of these bookings, read from the seating read model (the days' holds, which follow
 * every SeatsReserved, TablesAssigned and StayChanged on the day streams): a table staff moved on the floor
 * view shows in every list at once, and no booking list keeps a copy to fall behind. One query for the dates
 * asked; a booking without a floor's tables is absent from the answer. For the booking lists, the guest's page
 * and the dashboard's views.
 */
export async function tablesOfBookings(
  documents: DocumentStore,
  bookings: readonly { _id: string; date: string }[],
): Promise<Map<string, TablesOut>> {
  const found = new Map<string, TablesOut>();
  if (bookings.length === 0) return found;
  const dates = [...new Set(bookings.map((b) => b.date))];
  const collection = documents.collection<SeatingDoc>(seatingProjection.name);
  const days = (
    dates.length === 1 ? [await collection.get(dates[0]!)] : await collection.find({ _id: { $in: dates } })
  ) as (SeatingDayDoc | null)[];
  const byDate = new Map(days.flatMap((d) => (d ? [[d.date, d] as const] : [])));
  for (const booking of bookings) {
    const out = tablesOut(holdIn(byDate.get(booking.date)?.holds, booking._id));
    if (out.tables) found.set(booking._id, out);
  }
  return found;
}
