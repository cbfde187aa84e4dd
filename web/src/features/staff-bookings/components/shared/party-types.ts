import type { CalendarEntry, PartyBookingOut } from '@cafe/contracts';

/** A party booking as either list shows it (the Parties table or a Reservations view). */
export type PartyLike = Pick<
  PartyBookingOut,
  'id' | 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time' | 'specialRequests' | 'version' | 'eventType' | 'adminNotes'
> & { status?: CalendarEntry['status']; eventTypeLabel?: string };

export const guests = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
