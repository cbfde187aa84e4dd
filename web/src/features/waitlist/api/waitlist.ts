import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminWaitlistOut, WaitlistEntryOut, WaitlistJoin, WaitlistOfferOut, offerClaimedSchema } from '@cafe/contracts';
import { ApiError, getJson, sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

export type OfferClaimed = z.output<typeof offerClaimedSchema>;

const entryPath = (token: string) => `/api/waitlist/${encodeURIComponent(token)}`;
const offerPath = (token: string) => `/api/waitlist-offers/${encodeURIComponent(token)}`;
const entryKey = (token: string) => ['waitlist-entry', token] as const;
const offerKey = (token: string) => ['waitlist-offer', token] as const;
/** A guest link's failure that will not change by asking again (not found, expired). */
const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;

type Callbacks<T> = { onSuccess?: (result: T) => void; onError?: (error: unknown) => void };

/** POST /api/waitlist: "Tell me if a table frees up". */
export const useJoinWaitlist = (options: Callbacks<WaitlistEntryOut> = {}) =>
  useMutation({
    mutationFn: (input: WaitlistJoin) => sendJson<WaitlistEntryOut>('POST', '/api/waitlist', input),
    onSuccess: options.onSuccess,
    onError: options.onError,
  });

/** The guest's place (GET /api/waitlist/{token}), read again now and then: an offer may arrive while it is open. */
export const useWaitlistEntry = (token: string) =>
  useQuery({ queryKey: entryKey(token), queryFn: () => getJson<WaitlistEntryOut>(entryPath(token)), retry, refetchInterval: 30_000 });

export function useLeaveWaitlist(token: string, options: Callbacks<WaitlistEntryOut> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<WaitlistEntryOut>('DELETE', entryPath(token)),
    onSuccess: (entry) => {
      queryClient.setQueryData(entryKey(token), entry);
      options.onSuccess?.(entry);
    },
    onError: options.onError,
  });
}

export const useWaitlistOffer = (token: string) =>
  useQuery({ queryKey: offerKey(token), queryFn: () => getJson<WaitlistOfferOut>(offerPath(token)), retry, refetchInterval: 30_000 });

function useOfferMutation<T>(token: string, send: () => Promise<T>, options: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: options.onSuccess,
    onError: options.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKey(token) }),
  });
}

/** Take the offer: a reservation booked through the normal path (its id is the offer's). */
export const useClaimOffer = (token: string, options: Callbacks<OfferClaimed> = {}) =>
  useOfferMutation(token, () => sendJson<OfferClaimed>('POST', `${offerPath(token)}/claim`, {}), options);

export const usePassOffer = (token: string, options: Callbacks<WaitlistOfferOut> = {}) =>
  useOfferMutation(token, () => sendJson<WaitlistOfferOut>('POST', `${offerPath(token)}/pass`, {}), options);

/** Staff's list of a date's evening waitlist, live with the booking lists (under their key) and every half minute. */
export const useAdminWaitlist = (date: string) =>
  useQuery({
    queryKey: [...bookingKeys.views, 'waitlist', date] as const,
    queryFn: () => getJson<AdminWaitlistOut>(`/api/admin/waitlist?${new URLSearchParams({ date }).toString()}`),
    enabled: date !== '',
    refetchInterval: 30_000,
  });
