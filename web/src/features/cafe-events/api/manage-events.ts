import type { CafeEvent, CafeEventFields } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { adminEventsQueryOptions, eventsQueryOptions } from './get-events';

const EVENT_LISTS = [eventsQueryOptions().queryKey, adminEventsQueryOptions().queryKey];

export const createEvent = (fields: CafeEventFields) => sendJson<CafeEvent>('POST', '/api/admin/events', fields);
export const updateEvent = ({ id, fields }: { id: string; fields: CafeEventFields }) =>
  sendJson<CafeEvent>('PUT', `/api/admin/events/${encodeURIComponent(id)}`, fields);
export const deleteEvent = (event: CafeEvent) => sendJson<{ id: string }>('DELETE', `/api/admin/events/${encodeURIComponent(event.id)}`);

type Done = { onSuccess?: () => void };
/** A delete's confirmation closes whether it worked or not: on failure the toast says why. */
type Settled = { onSettled?: () => void };

export const useCreateEvent = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    mutationFn: createEvent,
    invalidates: EVENT_LISTS,
    success: 'Event created successfully',
    failure: 'Event not created',
    onSuccess,
  });
export const useUpdateEvent = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    mutationFn: updateEvent,
    invalidates: EVENT_LISTS,
    success: 'Event updated successfully',
    failure: 'Event not updated',
    onSuccess,
  });
export const useDeleteEvent = ({ onSettled }: Settled = {}) =>
  useContentMutation({
    mutationFn: deleteEvent,
    invalidates: EVENT_LISTS,
    success: 'Event deleted successfully',
    failure: 'Event not deleted',
    onSuccess: onSettled,
    onError: onSettled,
  });
