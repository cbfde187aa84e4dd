import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned } from '../../../lib/versioned';

interface DeleteReservationInput {
  id: string;
  version: number;
}

/** Cancel a reservation (it leaves every view; its history stays), at the version the admin saw. */
export const deleteReservation = ({ id, version }: DeleteReservationInput) =>
  sendVersioned('DELETE', `/api/reservations/${encodeURIComponent(id)}`, version);

export const useDeleteReservation = (options?: BookingMutationOptions<DeleteReservationInput>) =>
  useBookingMutation('reservation', deleteReservation, options);
