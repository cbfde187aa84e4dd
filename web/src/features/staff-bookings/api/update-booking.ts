import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned, withCapacityOverride } from '../../../lib/versioned';
import { bookingPath, type BookingKind, type BookingTypes } from '../../../lib/booking-paths';

export interface UpdateBookingInput<K extends BookingKind> {
  id: string;
  /** The version the dialog opened with (or adopted after a conflict): sent as If-Match. */
  version: number;
  /** Only the changed fields. */
  changes: BookingTypes[K]['patch'];
  /** Book past the seat capacity (the admin confirmed the warning). */
  overrideCapacity?: boolean;
}

/**
 * The Edit dialogs: PATCH /api/reservations/{id}, or PATCH /api/party-bookings/{id}/details (a party's
 * status is decided on its own route, decide-party-booking.ts).
 */
export const updateBooking = <K extends BookingKind>(kind: K, { id, version, changes, overrideCapacity }: UpdateBookingInput<K>) =>
  sendVersioned(
    'PATCH',
    withCapacityOverride(kind === 'party' ? `${bookingPath(kind, id)}/details` : bookingPath(kind, id), overrideCapacity),
    version,
    changes,
  );

export const useUpdateBooking = <K extends BookingKind>(kind: K, options?: BookingMutationOptions<UpdateBookingInput<K>>) =>
  useBookingMutation(kind, (input: UpdateBookingInput<K>) => updateBooking(kind, input), options);
