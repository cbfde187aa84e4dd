import type {
  AdminPartyDetailsPatch,
  AdminReservationPatch,
  PartyBookingOut,
  PublicPartyBooking,
  PublicReservation,
  ReservationOut,
} from '@cafe/contracts';
import type { BookingKind } from './booking-query-keys';

export type { BookingKind };

/** What each kind sends and reads: the one place the two kinds' types differ. */
export interface BookingTypes {
  reservation: { public: PublicReservation; stored: ReservationOut; patch: AdminReservationPatch };
  party: { public: PublicPartyBooking; stored: PartyBookingOut; patch: AdminPartyDetailsPatch };
}

const SEGMENT: Record<BookingKind, string> = { reservation: 'reservations', party: 'party-bookings' };

/** The kind's collection ('/api/reservations'), or one booking of it ('/api/party-bookings/{id}'). */
export const bookingPath = (kind: BookingKind, id?: string) =>
  id === undefined ? `/api/${SEGMENT[kind]}` : `/api/${SEGMENT[kind]}/${encodeURIComponent(id)}`;

/** The staff's reading of one booking ('/api/admin/reservations/{id}'); its history is under it. */
export const adminBookingPath = (kind: BookingKind, id: string) => `/api/admin/${SEGMENT[kind]}/${encodeURIComponent(id)}`;
