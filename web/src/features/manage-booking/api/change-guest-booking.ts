import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestBookingChange, GuestBookingChanged } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { AVAILABILITY_KEY } from '../../../lib/availability';
import { guestBookingKey, guestBookingPath } from './get-guest-booking';

/**
 * A new date, time and/or party size; the server checks it with the same contract schema. Its answer says
 * whether our team must confirm it first (a larger or moved approved party), and what to tell the guest.
 */
export const changeGuestBooking = (token: string, change: GuestBookingChange) =>
  sendJson<GuestBookingChanged>('PATCH', guestBookingPath(token), change);

export const useChangeGuestBooking = (
  token: string,
  options: { onSuccess?: (answer: GuestBookingChanged) => void; onError?: (error: Error) => void } = {},
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GuestBookingChange) => changeGuestBooking(token, change),
    onSuccess: async (answer) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: guestBookingKey(token) }),
        // The seats the booking gave back and took (both days' times, as offered).
        queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
      ]);
      options.onSuccess?.(answer);
    },
    onError: (error) => {
      // "Fully booked": someone took the seats meanwhile; the times offered catch up.
      void queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] });
      options.onError?.(error);
    },
  });
};
