import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicPartyBooking } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { AVAILABILITY_KEY } from '../../booking-form';

export const createPartyBooking = (input: PublicPartyBooking) => sendJson<{ id: string }>('POST', '/api/party-bookings', input);

export function useCreatePartyBooking(options: { onSuccess?: (id: string) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartyBooking,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/party-bookings'] });
      options.onSuccess?.(result.id);
    },
    onError: options.onError,
    // Booked or refused as fully booked: the seats left have moved either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
  });
}
