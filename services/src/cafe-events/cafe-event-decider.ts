import {
  eventStartsAt,
  type CafeEventChanges,
  type CafeEventFields,
  type CafeEventData,
  type CafeEventEvent,
  CAFE_EVENT_NOT_FOUND,
  ENDS_BEFORE_START,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const cafeEventStream = (id: string) => streamName('cafeEvent', id);

export type CafeEventState =
  { status: 'none' } | { status: 'scheduled'; eventId: string; event: CafeEventData } | { status: 'removed'; eventId: string };

export type CafeEventCommand =
  | { type: 'ScheduleCafeEvent'; eventId: string; fields: CafeEventFields }
  | { type: 'UpdateCafeEvent'; changes: CafeEventChanges }
  | { type: 'RemoveCafeEvent' };

export const cafeEventDecider: Decider<CafeEventState, CafeEventCommand, CafeEventEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CafeEventScheduled': {
        const { eventId, ...data } = event.data;
        return { status: 'scheduled', eventId, event: data };
      }
      case 'CafeEventUpdated': {
        if (state.status !== 'scheduled') return state;
        const { eventId: _id, ...changes } = event.data;
        return { ...state, event: { ...state.event, ...changes } };
      }
      case 'CafeEventRemoved':
        return { status: 'removed', eventId: event.data.eventId };
    }
  },
  decide: (command, state, { zone }) => {
    switch (command.type) {
      case 'ScheduleCafeEvent': {
        if (state.status !== 'none') throw new Conflict('This event already exists');
        const f = command.fields;
        const data: CafeEventData = {
          title: f.title,
          description: f.description ?? null,
          date: f.event_date,
          time: f.event_time ?? null,
          location: f.location ?? null,
          price: f.price ?? null,
          maxAttendees: f.max_attendees ?? null,
          imageUrl: f.image_url ?? null,
          startsAt: eventStartsAt(f.event_date, f.event_time ?? null, zone),
          endsAt: f.endsAt ?? null,
          isVisible: f.isVisible,
          isFeatured: f.isFeatured,
          ...(f.repeat ? { repeat: f.repeat } : {}),
          // Absent: its places taken, for its start to end (or the table-holding time), as events before seats did.
          ...(f.uses_seats != null ? { usesSeats: f.uses_seats } : {}),
          ...(f.length_minutes != null ? { lengthMinutes: f.length_minutes } : {}),
          // With a floor: the area or tables it takes for its time (absent on events that take none).
          ...(f.area ? { area: f.area } : {}),
          ...(f.tables ? { tables: f.tables } : {}),
        };
        checkEnd(data);
        return [{ type: 'CafeEventScheduled', data: { eventId: command.eventId, ...data } }];
      }
      case 'UpdateCafeEvent': {
        if (state.status !== 'scheduled') throw new NotFound(CAFE_EVENT_NOT_FOUND);
        const c = command.changes;
        const requested: Partial<CafeEventData> = {
          title: c.title,
          description: c.description,
          date: c.event_date,
          time: c.event_time,
          location: c.location,
          price: c.price,
          maxAttendees: c.max_attendees,
          imageUrl: c.image_url,
          endsAt: c.endsAt,
          isVisible: c.isVisible,
          isFeatured: c.isFeatured,
          // An event from before repetition existed has none: 'none' sent for it changes nothing.
          repeat: c.repeat === undefined || c.repeat === (state.event.repeat ?? null) ? undefined : c.repeat,
          // Null sent for an event that never had one changes nothing, as repeat's 'none'.
          usesSeats: c.uses_seats === undefined || c.uses_seats === (state.event.usesSeats ?? null) ? undefined : c.uses_seats,
          lengthMinutes:
            c.length_minutes === undefined || c.length_minutes === (state.event.lengthMinutes ?? null) ? undefined : c.length_minutes,
          ...floorChanges(state.event, c),
        };
        const next = { ...state.event, ...defined(requested) };
        requested.startsAt = eventStartsAt(next.date, next.time, zone);
        const changes = onlyChanged(state.event, requested);
        if (Object.keys(changes).length === 0) return [];
        checkEnd({ ...state.event, ...changes });
        return [{ type: 'CafeEventUpdated', data: { eventId: state.eventId, ...changes } }];
      }
      case 'RemoveCafeEvent':
        if (state.status !== 'scheduled') throw new NotFound(CAFE_EVENT_NOT_FOUND);
        return [{ type: 'CafeEventRemoved', data: { eventId: state.eventId } }];
    }
  },
};

function checkEnd(event: CafeEventData): void {
  // Both are UTC ISO instants of the same shape, so text order is time order.
  if (event.startsAt && event.endsAt && Date.parse(event.endsAt) <= Date.parse(event.startsAt)) {
    throw new InvalidCommand(ENDS_BEFORE_START, [{ path: ['endsAt'], message: ENDS_BEFORE_START }]);
  }
}

/**
 * An area or tables, one replacing the other: tables chosen clear the area and an area clears the tables;
 * null sent for what the event never had changes nothing.
 */
function floorChanges(event: CafeEventData, c: CafeEventChanges): Pick<Partial<CafeEventData>, 'area' | 'tables'> {
  const area = c.area !== undefined ? c.area : c.tables ? null : undefined;
  const tables = c.tables !== undefined ? c.tables : c.area ? null : undefined;
  const sameTables = (t: string[] | null | undefined) => (t ?? []).join('\u0000') === (event.tables ?? []).join('\u0000');
  return {
    area: area === undefined || area === (event.area ?? null) ? undefined : area,
    tables: tables === undefined || sameTables(tables) ? undefined : tables,
  };
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
