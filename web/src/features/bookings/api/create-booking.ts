import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { bookingListKey } from '../../../lib/booking-query-keys';
import { AVAILABILITY_KEY } from './get-availability';
import { bookingPath, type BookingKind, type BookingTypes } from './booking-paths';

/** A guest's booking from the public site: POST /api/reservations or POST /api/party-bookings. */
export const createBooking = <K extends BookingKind>(kind: K, input: BookingTypes[K]['public']) =>
  sendJson<{ id: string }>('POST', bookingPath(kind), input);

export function useCreateBooking<K extends BookingKind>(
  kind: K,
  options: { onSuccess?: (id: string, input: BookingTypes[K]['public']) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingTypes[K]['public']) => createBooking(kind, input),
    onSuccess: (result, input) => {
      void queryClient.invalidateQueries({ queryKey: bookingListKey(kind) });
      options.onSuccess?.(result.id, input);
    },
    onError: options.onError,
    // Booked or refused as fully booked: the seats left have moved either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
  });
}
