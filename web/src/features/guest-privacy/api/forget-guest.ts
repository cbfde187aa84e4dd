import { FORGET_NOTHING_FOUND, type ForgetGuest, type ForgetResult } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { useContentMutation } from '../../../lib/use-content-mutation';

/** POST /api/admin/privacy/forget: erase a guest's personal data; the bookings stay. */
export const forgetGuest = (input: ForgetGuest) => sendJson<ForgetResult>('POST', '/api/admin/privacy/forget', input);

export function erasedSummary(result: ForgetResult): string {
  const bookings = result.reservations + result.partyBookings;
  if (bookings === 0 && !result.keyDeleted) return `${FORGET_NOTHING_FOUND}.`;
  const parts = [`${result.reservations} reservation${result.reservations === 1 ? '' : 's'}`];
  parts.push(`${result.partyBookings} party booking${result.partyBookings === 1 ? '' : 's'}`);
  return `Erased from ${parts.join(' and ')}. The bookings, their dates and sizes stay.`;
}

// Every booking list and history may show the guest: all of them are read again.
export const useForgetGuest = ({ onSuccess }: { onSuccess?: (result: ForgetResult) => void } = {}) =>
  useContentMutation({
    mutationFn: forgetGuest,
    invalidates: [
      bookingKeys.views,
      bookingKeys.reservations,
      bookingKeys.parties,
      ['admin', 'history'],
      ['admin', 'record'],
      // The System section above the panel: its event log gains the erasure events.
      ['/api/admin/system/events'],
      ['/api/admin/system/projections'],
    ],
    success: 'Personal data erased',
    successDescription: (result) => erasedSummary(result),
    failure: 'Could not erase the personal data',
    failureFallback: 'An error occurred while erasing the personal data',
    onSuccess,
  });
