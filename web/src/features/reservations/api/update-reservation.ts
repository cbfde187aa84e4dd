import type { AdminReservationPatch } from '@cafe/contracts';
import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned, withCapacityOverride } from '../../../lib/versioned';

export interface UpdateReservationInput {
  id: string;
  /** The version the dialog opened with (or adopted after a conflict): sent as If-Match. */
  version: number;
  changes: AdminReservationPatch;
  /** Book past the seat capacity (the admin confirmed the warning). */
  overrideCapacity?: boolean;
}

/** The Edit Reservation dialog: PATCH /api/reservations/{id}, only the changed fields. */
export const updateReservation = ({ id, version, changes, overrideCapacity }: UpdateReservationInput) =>
  sendVersioned('PATCH', withCapacityOverride(`/api/reservations/${encodeURIComponent(id)}`, overrideCapacity), version, changes);

export const useUpdateReservation = (options?: BookingMutationOptions<UpdateReservationInput>) =>
  useBookingMutation('reservation', updateReservation, options);
