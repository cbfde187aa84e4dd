import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicReservation } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { AVAILABILITY_KEY } from '../../booking-form';

export const createReservation = (input: PublicReservation) => sendJson<{ id: string }>('POST', '/api/reservations', input);

export function useCreateReservation(
  options: { onSuccess?: (id: string, input: PublicReservation) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSuccess: (result, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/reservations'] });
      options.onSuccess?.(result.id, input);
    },
    onError: options.onError,
    // Booked or refused as fully booked: the seats left have moved either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
  });
}
