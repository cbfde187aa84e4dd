import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventSignUpFields, EventSignUpResult, GuestSignUp } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { occurrencesQueryOptions } from '../../../lib/event-queries';

/** GET /api/events/occurrences: the next dates of the events that take sign-ups, with places left (the staff calendars read it too). */
export { occurrencesQueryOptions };
export const useOccurrences = () => useQuery(occurrencesQueryOptions());

/** POST /api/events/{id}/sign-ups; the dates' places are read again after it. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, fields }: { eventId: string; fields: EventSignUpFields }) =>
      sendJson<EventSignUpResult>('POST', `/api/events/${encodeURIComponent(eventId)}/sign-ups`, fields),
    onSettled: () => queryClient.invalidateQueries({ queryKey: occurrencesQueryOptions().queryKey }),
  });
}

/** The guest's own sign-up, through the link of its e-mails. */
const guestPath = (token: string) => `/api/event-sign-ups/${encodeURIComponent(token)}`;
export const guestSignUpQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['/api/event-sign-ups', token], queryFn: () => getJson<GuestSignUp>(guestPath(token)), retry: false });
export const useGuestSignUp = (token: string) => useQuery({ ...guestSignUpQueryOptions(token), enabled: token !== '' });

export function useCancelGuestSignUp(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<{ id: string }>('DELETE', guestPath(token)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestSignUpQueryOptions(token).queryKey }),
  });
}
