import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { v7 as uuidv7 } from 'uuid';
import { IDEMPOTENCY_KEY_HEADER } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { bookingListKey } from '../../../lib/booking-query-keys';
import { AVAILABILITY_KEY } from '../../../lib/availability';
import { bookingPath, type BookingKind, type BookingTypes } from '../../../lib/booking-paths';

/**
 * A guest's booking from the public site: POST /api/reservations or POST /api/party-bookings, under an
 * Idempotency-Key, so the same request sent again (its answer lost on the way back) books nothing more.
 */
export const createBooking = <K extends BookingKind>(kind: K, input: BookingTypes[K]['public'], key: string) =>
  sendJson<BookingAnswer>('POST', bookingPath(kind), input, { [IDEMPOTENCY_KEY_HEADER]: key });

/** The answer to a booking: its id and, with a floor, until when the table is the guest's (HH:mm). */
export interface BookingAnswer {
  id: string;
  stayUntil?: string;
}

export function useCreateBooking<K extends BookingKind>(
  kind: K,
  options: {
    onSuccess?: (id: string, input: BookingTypes[K]['public'], answer: BookingAnswer) => void;
    onError?: (error: unknown, input: BookingTypes[K]['public']) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  // One key per booking the guest asks for: kept while they send the same details again, a new one when
  // the details change or once it is booked. A time-ordered UUID: the server gives the booking its time.
  const sent = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: BookingTypes[K]['public']) => {
      const body = JSON.stringify(input);
      if (sent.current?.body !== body) sent.current = { body, key: uuidv7() };
      return createBooking(kind, input, sent.current.key);
    },
    onSuccess: (result, input) => {
      sent.current = null;
      void queryClient.invalidateQueries({ queryKey: bookingListKey(kind) });
      options.onSuccess?.(result.id, input, result);
    },
    onError: options.onError,
    // Booked or refused as fully booked: the seats left have moved either way.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [AVAILABILITY_KEY] }),
  });
}
