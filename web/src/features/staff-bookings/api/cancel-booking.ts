import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned } from '../../../lib/versioned';
import { bookingPath, type BookingKind } from '../../../lib/booking-paths';

export interface CancelBookingInput {
  id: string;
  version: number;
}

/** Cancel ('delete') a booking at the version the admin saw: it leaves every list, its history stays. */
export const cancelBooking = (kind: BookingKind, { id, version }: CancelBookingInput) =>
  sendVersioned('DELETE', bookingPath(kind, id), version);

export const useCancelBooking = (kind: BookingKind, options?: BookingMutationOptions<CancelBookingInput>) =>
  useBookingMutation(kind, (input: CancelBookingInput) => cancelBooking(kind, input), options);
