import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned } from '../../../lib/versioned';

interface CancelPartyBookingInput {
  id: string;
  version: number;
}

/** Cancel ('delete') a party booking: it leaves every list, its history stays. */
export const cancelPartyBooking = ({ id, version }: CancelPartyBookingInput) =>
  sendVersioned('DELETE', `/api/party-bookings/${encodeURIComponent(id)}`, version);

export const useCancelPartyBooking = (options?: BookingMutationOptions<CancelPartyBookingInput>) =>
  useBookingMutation('party', cancelPartyBooking, options);
