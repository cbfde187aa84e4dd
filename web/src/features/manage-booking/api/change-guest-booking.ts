import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestBookingChange } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { guestBookingKey, guestBookingPath } from './get-guest-booking';

/** A new time and/or party size; the server checks it with the same contract schema. */
export const changeGuestBooking = (token: string, change: GuestBookingChange) =>
  sendJson<{ id: string; version: number }>('PATCH', guestBookingPath(token), change);

export const useChangeGuestBooking = (token: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GuestBookingChange) => changeGuestBooking(token, change),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: guestBookingKey(token) });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
};
