import type { DocumentStore } from '../platform/document-store/document-store.js';
import { seatingProjection, type SeatingDayDoc, type SeatingDoc } from '../cafe-day/index.js';
import { tablesOut, type TablesOut } from './booking-stay.js';

/**
 * The tables and stay ends of these bookings, read from the seating read model (the days' holds, which follow
 * every SeatsReserved, TablesAssigned and StayChanged on the day streams): a table staff moved on the floor
 * view shows in the lists at once, and no booking list keeps a copy to fall behind. One query for every date
 * asked; a booking without a floor's tables is absent from the answer.
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
    const out = tablesOut(byDate.get(booking.date)?.holds?.[booking._id]);
    if (out.tables) found.set(booking._id, out);
  }
  return found;
}

/** Each answer with its booking's tables and stay end, where it has them (answers without a floor are unchanged). */
export async function withTables<Doc extends { _id: string; date: string }, Out>(
  documents: DocumentStore,
  docs: readonly Doc[],
  toOut: (doc: Doc) => Out,
): Promise<Out[]> {
  const tables = await tablesOfBookings(documents, docs);
  return docs.map((doc) => {
    const out = toOut(doc);
    const extra = tables.get(doc._id);
    return extra ? { ...out, ...extra } : out;
  });
}
