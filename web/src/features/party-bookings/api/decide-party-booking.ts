import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartyApproval } from '@cafe/contracts';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { isConflict, sendVersioned } from '../../../lib/versioned';

export interface DecidePartyBookingInput extends PartyApproval {
  id: string;
  /** If-Match tells a stale second decision (409) from a notes-only edit of a decided booking. */
  version: number;
}

/** Approve/Reject: PATCH /api/party-bookings/{id}/approve {status, adminNotes}. */
export const decidePartyBooking = ({ id, version, status, adminNotes }: DecidePartyBookingInput) =>
  sendVersioned('PATCH', `/api/party-bookings/${encodeURIComponent(id)}/approve`, version, { status, adminNotes: adminNotes ?? '' });

export function useDecidePartyBooking(
  options: { onSuccess?: (input: DecidePartyBookingInput) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePartyBooking,
    onSuccess: async (_r, input) => {
      await refetchBookingLists(queryClient, 'party', input.id);
      options.onSuccess?.(input);
    },
    onError: (error, input) => {
      // Someone else changed it: the lists show the booking as it is now.
      if (isConflict(error)) void refetchBookingLists(queryClient, 'party', input.id);
      options.onError?.(error);
    },
  });
}
