import { slotsFor, type Availability, type OpeningHours } from '@cafe/contracts';

/**
 * The slots of a date that may still be booked: the hours' slots; today, only those the date's
 * availability lists (the server leaves out what the café's clock has passed, by its clock, not the
 * browser's), none while it loads. Without `today` (a list that does not know it) the hours' slots.
 */
export function offeredSlots(date: string, hours: OpeningHours, today?: string, availability?: Availability | null): string[] {
  if (!date) return [];
  const open = slotsFor(date, hours);
  if (today === undefined || date > today) return open;
  if (date < today || !availability || availability.date !== date) return [];
  const listed = new Set(availability.slots.map((s) => s.time));
  return open.filter((slot) => listed.has(slot));
}
