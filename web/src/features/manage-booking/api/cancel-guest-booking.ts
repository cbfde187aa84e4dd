import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { guestBookingPath } from './get-guest-booking';

/** Cancels the booking; from then on its link answers 410. */
export const cancelGuestBooking = (token: string) => sendJson<{ id: string; version: number }>('DELETE', guestBookingPath(token));

export const useCancelGuestBooking = (token: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) =>
  useMutation({ mutationFn: () => cancelGuestBooking(token), onSuccess: options.onSuccess, onError: options.onError });
