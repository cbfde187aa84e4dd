import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartyBookingOut } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** The Parties section: bookings dated today (café zone) or later, every status, by date then time. */
export const getPartyBookings = () => getJson<PartyBookingOut[]>('/api/party-bookings');

export const partyBookingsQueryOptions = () => queryOptions({ queryKey: bookingKeys.parties, queryFn: getPartyBookings });

export const usePartyBookings = () => useQuery(partyBookingsQueryOptions());

/** One party booking as stored now (after a conflict, to show the admin what changed). */
export const getPartyBooking = (id: string) => getJson<PartyBookingOut>(`/api/admin/party-bookings/${encodeURIComponent(id)}`);
