import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationOut } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** Every live reservation, past ones too: tells 'No reservations yet' from 'No recent reservations'. */
export const getReservations = () => getJson<ReservationOut[]>('/api/reservations');

export const reservationsQueryOptions = () => queryOptions({ queryKey: bookingKeys.reservations, queryFn: getReservations });

export const useReservations = (enabled = true) => useQuery({ ...reservationsQueryOptions(), enabled });

/** One reservation as stored now (after a conflict, to show the admin what changed). */
export const getReservation = (id: string) => getJson<ReservationOut>(`/api/admin/reservations/${encodeURIComponent(id)}`);
