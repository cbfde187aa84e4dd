import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EventOccurrence, EventSignUpOut, OccurrenceSignUps } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';

const eventPath = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/occurrences`;

/** Staff: an event's dates ahead (and earlier ones with sign-ups), with their places. */
export const adminOccurrencesQueryOptions = (eventId: string) =>
  queryOptions({ queryKey: [eventPath(eventId)], queryFn: () => getJson<EventOccurrence[]>(eventPath(eventId)) });
export const useAdminOccurrences = (eventId: string) => useQuery(adminOccurrencesQueryOptions(eventId));

/** Staff: one date's attendees and waitlist, in order. */
export const occurrenceSignUpsQueryOptions = (eventId: string, date: string) =>
  queryOptions({
    queryKey: [eventPath(eventId), date],
    queryFn: () => getJson<OccurrenceSignUps>(`${eventPath(eventId)}/${encodeURIComponent(date)}`),
  });
export const useOccurrenceSignUps = (eventId: string, date: string | null) =>
  useQuery({ ...occurrenceSignUpsQueryOptions(eventId, date ?? ''), enabled: date !== null });

const lists = (eventId: string) => [[eventPath(eventId)], ['/api/events/occurrences']];

export const useCheckIn = (eventId: string) =>
  useContentMutation({
    mutationFn: (signUp: EventSignUpOut) =>
      sendJson<EventSignUpOut>('POST', `/api/admin/event-sign-ups/${encodeURIComponent(signUp.id)}/check-in`, {}),
    invalidates: lists(eventId),
    success: (_r, signUp) => `${signUp.name} checked in`,
    failure: 'Not checked in',
  });

export const useCancelSignUp = (eventId: string, { onSettled }: { onSettled?: () => void } = {}) =>
  useContentMutation({
    mutationFn: (signUp: EventSignUpOut) =>
      sendJson<{ id: string; promoted: string[] }>('DELETE', `/api/admin/event-sign-ups/${encodeURIComponent(signUp.id)}`),
    invalidates: lists(eventId),
    success: 'Sign-up cancelled',
    successDescription: (r) => (r.promoted.length ? `${r.promoted.length} from the waitlist got the places` : undefined),
    failure: 'Sign-up not cancelled',
    onSuccess: onSettled,
    onError: onSettled,
  });
