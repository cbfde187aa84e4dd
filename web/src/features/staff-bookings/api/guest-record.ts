import { useQuery } from '@tanstack/react-query';
import type { GuestRecord } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** GET /api/admin/guests/record?email=: the guest's visits, no-shows and upcoming bookings. */
export const useGuestRecord = (email: string) =>
  useQuery({
    queryKey: [...bookingKeys.views, 'guest-record', email.toLowerCase()] as const,
    queryFn: () => getJson<GuestRecord>(`/api/admin/guests/record?email=${encodeURIComponent(email)}`),
    enabled: email !== '',
    retry: false,
  });
