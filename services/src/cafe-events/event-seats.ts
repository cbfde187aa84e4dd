import {
  DEFAULT_BOOKING_HORIZON_DAYS,
  addDays,
  eventSeatMinutes,
  eventTablesOn,
  eventTablesTakenMessage,
  formatLongDate,
  isEventDate,
  occurrenceDates,
  type CafeEventData,
  type CafeEventEvent,
  type EventOccurrenceEvent,
  type FloorEvent,
  type SeatHold,
  minutesOf,
} from '@cafe/contracts';
import type { CommandTx } from '../platform/commands/command-pipeline.js';
import { fold } from '../platform/commands/decider.js';
import {
  FLOOR_STREAM,
  FullyBooked,
  floorFold,
  floorOf,
  floorPolicy,
  holdIn,
  holdsOf,
  loadDay,
  seatsFreeFor,
  settleEventSeats,
  type EventSeatSource,
  type FloorState,
  type SeatingPolicy,
  type SeatingState,
} from '../cafe-day/index.js';
import { cafeEventDecider, cafeEventStream, type CafeEventState } from './cafe-event-decider.js';
import { occurrenceDecider, occurrenceStream, type OccurrenceState } from './occurrence-decider.js';

/**
 * An event shares the café's room with the tables: on each of its dates it holds seats on the date's
 * seating stream (seating-<date>, kind 'event', the event's id as the holder) from its time for its
 * length. By default it holds its places taken, so each sign-up, cancellation and promotion resizes the
 * hold in the same append as the occurrence; staff may set a fixed number instead ("uses N seats"), held
 * from the moment the event is scheduled, and 0 holds none (another room). An event without a time holds none.
 * With a floor, staff may give it an area or tables: its hold then carries those tables (an area's, as the
 * floor names them now) on every date within the booking horizon, so no booking gets them for its time.
 */

/** Staff gave it an area or tables (with a floor, it takes them for its time). */
export const takesTables = (event: CafeEventData | null): boolean => !!(event?.area || event?.tables?.length);

/** Its seats follow its places taken: a sign-up needs seats as well as a place. */
export const seatsFollowPlaces = (event: CafeEventData | null): boolean =>
  event !== null && event.time !== null && (event.usesSeats ?? null) === null;

/**
 * The seats the event holds on `date` with `placesTaken` confirmed, at `tables` (its tables on the floor:
 * held even before anyone signs up); null when it holds none there.
 */
export function eventSeatHold(
  eventId: string,
  event: CafeEventData | null,
  date: string,
  placesTaken: number,
  holdingMinutes: number,
  tables: string[] = [],
): SeatHold | null {
  if (!event?.time || !isEventDate(event.date, event.repeat, date)) return null;
  const seats = Math.max(0, event.usesSeats ?? placesTaken);
  if (seats <= 0 && tables.length === 0) return null;
  const hold: SeatHold = {
    bookingId: eventId,
    kind: 'event',
    time: event.time,
    partySize: seats,
    holdingMinutes: eventSeatMinutes(event, holdingMinutes),
  };
  return tables.length ? { ...hold, tables } : hold;
}

/**
 * The dates from `today` on where the event may hold seats: a fixed number on every date within the
 * booking horizon (tables can be booked that far ahead), its places taken on the dates that take sign-ups.
 */
export function seatDates(event: CafeEventData | null, today: string, horizonDays = DEFAULT_BOOKING_HORIZON_DAYS): string[] {
  if (!event?.time) return [];
  const fixed = event.usesSeats ?? null;
  // Its tables are held from the moment it is scheduled, like a fixed number of seats.
  if (!takesTables(event)) {
    if (fixed === null) return event.maxAttendees ? occurrenceDates(event.date, event.repeat, today) : [];
    if (fixed === 0) return [];
  }
  const until = addDays(today, horizonDays);
  // Enough dates to pass the horizon: a weekly event has one a week, a monthly one at least one every 5 weeks.
  const count = Math.ceil(horizonDays / 7) + 2;
  return occurrenceDates(event.date, event.repeat, today, count).filter((date) => date <= until);
}

/**
 * Where the event's seats are on the day: from its time for its length or, `asHeld` (a sign-up's change,
 * or staff changing something else than when it is), over the window it holds already: a hold keeps the
 * length it was made with, as a table's keeps its holding time.
 */
function windowOn(day: SeatingState, eventId: string, event: CafeEventData, policy: SeatingPolicy, asHeld: boolean) {
  const held = holdIn(holdsOf(day), eventId);
  const minutes = asHeld && held && held.time === event.time ? held.holdingMinutes : eventSeatMinutes(event, policy.holdingMinutes);
  return { time: event.time!, minutes };
}

/** Staff changed when the event is, or for how long: its seats are placed anew, not kept as held. */
export const movedInTime = (before: CafeEventData | null, after: CafeEventData | null) =>
  before?.time !== after?.time ||
  before?.startsAt !== after?.startsAt ||
  before?.endsAt !== after?.endsAt ||
  (before?.lengthMinutes ?? null) !== (after?.lengthMinutes ?? null);

/**
 * How many places the date may have confirmed, given the café's seats the other holds leave free during
 * the event; null when its places take no seats (a fixed number, or no time).
 */
export function placesSeatsAllow(
  day: SeatingState,
  eventId: string,
  event: CafeEventData | null,
  policy: SeatingPolicy,
  asHeld = true,
): number | null {
  if (!event || !seatsFollowPlaces(event)) return null;
  // At its own tables on the floor its room is those tables: only its capacity bounds its places.
  if (takesTables(event) && holdIn(holdsOf(day), eventId)?.tables?.length) return null;
  const { time, minutes } = windowOn(day, eventId, event, policy, asHeld);
  return seatsFreeFor(day, eventId, time, minutes, policy.capacity);
}

/**
 * The event's seats on a date brought to what it holds now (`placesTaken` confirmed, or the seats staff
 * set, at its tables on the floor), in this command's append: more seats than the tables leave are
 * refused, and so are tables a booking or another event sits at during its time; fewer always given back.
 */
export async function holdEventSeats(
  tx: CommandTx,
  policy: SeatingPolicy,
  eventId: string,
  event: CafeEventData | null,
  date: string,
  placesTaken: number,
  asHeld = true,
): Promise<void> {
  const day = await loadDay(tx, date);
  // The floor is read only for an event that takes tables: the others decide as before floors.
  const floor = takesTables(event) ? await floorPolicy(tx) : null;
  const tables = floor ? eventTablesOn(event!, floor) : [];
  const found = eventSeatHold(eventId, event, date, placesTaken, policy.holdingMinutes, tables);
  const window = found && event ? windowOn(day.state, eventId, event, policy, asHeld) : null;
  const hold = found && window ? { ...found, holdingMinutes: window.minutes } : null;
  if (hold?.tables) refuseTakenTables(day.state, date, hold);
  // At its tables the tables are the limit, not the seat count (the day decides so given the floor).
  settleEventSeats(tx, day, date, eventId, hold, policy.capacity, hold?.tables ? { floor } : {});
}

/**
 * Tables the event asks for anew (new, moved, longer, or other tables) that another hold sits at during
 * its time: refused like seats the tables hold (409, fully booked), naming them. What it holds already
 * is never refused.
 */
function refuseTakenTables(day: SeatingState, date: string, hold: SeatHold): void {
  const held = holdIn(holdsOf(day), hold.bookingId);
  const sameWindow = held && held.time === hold.time && hold.holdingMinutes <= held.holdingMinutes;
  const known = new Set(sameWindow ? (held.tables ?? []).map((t) => t.toLowerCase()) : []);
  const asked = (hold.tables ?? []).filter((t) => !known.has(t.toLowerCase()));
  if (asked.length === 0) return;
  const from = minutesOf(hold.time);
  const to = from + hold.holdingMinutes;
  const taken = new Set<string>();
  for (const other of holdsOf(day)) {
    if (other.bookingId === hold.bookingId || !other.tables?.length) continue;
    const start = minutesOf(other.time);
    if (start >= to || start + other.holdingMinutes <= from) continue;
    for (const t of other.tables) taken.add(t.toLowerCase());
  }
  const refused = asked.filter((t) => taken.has(t.toLowerCase()));
  if (refused.length) throw new FullyBooked(eventTablesTakenMessage(formatLongDate(date), hold.time, refused));
}

const scheduledData = (state: CafeEventState): CafeEventData | null => (state.status === 'scheduled' ? state.event : null);

/**
 * `ops seats reconcile` counts the events' seats too: each event's dates, and what it holds on one, read
 * from the store (an operator's tool, not a command: it may read streams).
 */
export const eventSeatSource = (): EventSeatSource => ({
  kind: 'event',
  prefix: cafeEventStream(''),
  initial: cafeEventDecider.initialState,
  evolve: (state, event) => cafeEventDecider.evolve(state as CafeEventState, { type: event.type, data: event.data } as CafeEventEvent),
  datesOf: (state, today, horizonDays) => seatDates(scheduledData(state as CafeEventState), today, horizonDays),
  holdOn: async (eventStore, eventId, date, holdingMinutes) => {
    const event = scheduledData(
      fold<CafeEventState, CafeEventEvent>(cafeEventDecider, await eventStore.readStream(cafeEventStream(eventId))),
    );
    const occurrence = fold<OccurrenceState, EventOccurrenceEvent>(
      occurrenceDecider,
      await eventStore.readStream(occurrenceStream(eventId, date)),
    );
    const floor = takesTables(event) ? floorOf(fold<FloorState, FloorEvent>(floorFold, await eventStore.readStream(FLOOR_STREAM))) : null;
    return eventSeatHold(eventId, event, date, occurrence.taken, holdingMinutes, event ? eventTablesOn(event, floor) : []);
  },
});
