import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import { fold, type Decider, type DomainEvent } from '../platform/commands/decider.js';
import { StaleVersion } from '../platform/commands/domain-errors.js';
import { timeContext } from '../platform/clock.js';
import type { EventStore, Position, RecordedEvent } from '../platform/event-store/event-store.js';
import {
  bookingPolicy,
  holdsOf,
  seatingDecider,
  seatingStream,
  type EventSeatSource,
  type SeatingState,
  type SeatNeed,
} from '../cafe-day/index.js';

/** One kind of booking as the reconciliation reads it: its stream prefix and the seats a history needs. */
export interface SeatSource {
  kind: 'reservation' | 'party';
  prefix: string;
  needOf: (history: readonly RecordedEvent[]) => SeatNeed | null;
  /** The same, folded one event at a time: the reconciliation keeps a state per booking, not its events. */
  initial: () => unknown;
  evolve: (state: unknown, event: RecordedEvent) => unknown;
  needOfState: (state: unknown) => SeatNeed | null;
}

const isEventSource = (source: SeatSource | EventSeatSource): source is EventSeatSource => source.kind === 'event';

/** What the reconciliation needs of a kind of booking (the booking core's BookingKind carries it). */
export interface SeatedKind<S, C, E extends DomainEvent> {
  kind: SeatSource['kind'];
  decider: Decider<S, C, E>;
  stream: (id: string) => string;
  seats: (state: S) => SeatNeed | null;
}

export function seatSource<S, C, E extends DomainEvent>(kind: SeatedKind<S, C, E>): SeatSource {
  return {
    kind: kind.kind,
    prefix: kind.stream(''),
    needOf: (history) => kind.seats(fold<S, E>(kind.decider, history)),
    initial: () => kind.decider.initialState(),
    evolve: (state, event) => kind.decider.evolve(state as S, { type: event.type, data: event.data } as E),
    needOfState: (state) => kind.seats(state as S),
  };
}

export interface SeatReconciliation {
  /** The first date checked: today in the café's zone. */
  from: string;
  datesChecked: number;
  datesChanged: number;
  reservedBookings: number;
  reservedSeats: number;
  /** Reserved past the capacity: the bookings are confirmed to guests already, so never refused. */
  overCapacity: number;
  releasedBookings: number;
  releasedSeats: number;
  /** Seats reserved a moment ago that the booking's stream does not show yet: a command in flight, left alone. */
  inFlight: number;
}

/**
 * A hold newer than this that its booking's stream does not show (yet) is a booking being made or
 * changed right now (seats are reserved before the booking is appended), not a crash's leftover.
 */
export const IN_FLIGHT_MS = 2 * 60_000;
const ATTEMPTS = 20;
/** Events per read of the log. */
const LOG_PAGE = 1_000;

/**
 * Makes every day's seating stream from today on agree with the bookings and the events (`ops seats
 * reconcile`): each live booking that holds seats holds exactly them, each event its seats (its places
 * taken, or the number staff set), and seats of cancelled, rejected, moved or missing bookings are
 * released. Bookings and events stored before seats existed are backfilled this way. An operator's tool,
 * not a command: it reads the whole log to find the days and bookings to check.
 */
export async function reconcileSeats(
  runtime: CommandRuntime,
  allSources: (SeatSource | EventSeatSource)[],
  context: CommandContext,
): Promise<SeatReconciliation> {
  const { today, now } = timeContext(runtime.clock, runtime.config.zone);
  const sources = allSources.filter((s): s is SeatSource => !isEventSource(s));
  const events = allSources.find(isEventSource);
  const eventStates = new Map<string, unknown>();
  // The log in pages, each booking folded as its events pass: memory for a state per booking, not for
  // every event ever stored.
  const bookings = new Map<string, { source: SeatSource; state: unknown }>();
  // Which bookings each date may concern; their streams are read again, fresh, when the date is decided.
  const dates = new Map<string, Set<string>>();
  const on = (date: string) => dates.get(date) ?? dates.set(date, new Set()).get(date)!;
  const seatingPrefix = seatingStream('');
  let after: Position | undefined;
  for (;;) {
    const page = await runtime.eventStore.readAll({ after, maxCount: LOG_PAGE });
    for (const event of page) {
      const { streamId } = event;
      if (streamId.startsWith(seatingPrefix)) {
        const date = streamId.slice(seatingPrefix.length);
        if (date >= today) on(date);
        continue;
      }
      if (events && streamId.startsWith(events.prefix)) {
        const id = streamId.slice(events.prefix.length);
        eventStates.set(id, events.evolve(eventStates.get(id) ?? events.initial(), event));
        continue;
      }
      let booking = bookings.get(streamId);
      if (!booking) {
        const source = sources.find((s) => streamId.startsWith(s.prefix));
        if (!source) continue;
        booking = { source, state: source.initial() };
        bookings.set(streamId, booking);
      }
      booking.state = booking.source.evolve(booking.state, event);
    }
    if (page.length < LOG_PAGE) break;
    after = page[page.length - 1]!.position;
  }
  for (const [streamId, { source, state }] of bookings) {
    const need = source.needOfState(state);
    if (need?.hold && need.date >= today) on(need.date).add(`${source.kind}:${streamId.slice(source.prefix.length)}`);
  }
  for (const [eventId, state] of eventStates)
    for (const date of events!.datesOf(state, today, runtime.config.bookingHorizonDays)) on(date).add(`event:${eventId}`);

  const summary: SeatReconciliation = {
    from: today,
    datesChecked: dates.size,
    datesChanged: 0,
    reservedBookings: 0,
    reservedSeats: 0,
    overCapacity: 0,
    releasedBookings: 0,
    releasedSeats: 0,
    inFlight: 0,
  };
  let last: Position | null = null;
  for (const date of [...dates.keys()].sort()) {
    const outcome = await reconcileDate(runtime, { sources, events }, context, date, dates.get(date)!, now);
    summary.inFlight += outcome.inFlight;
    if (!outcome.events.length) continue;
    summary.datesChanged++;
    for (const event of outcome.events) {
      if (event.type === 'SeatsReserved') {
        summary.reservedBookings++;
        summary.reservedSeats += event.data.partySize;
        if (event.data.overCapacity) summary.overCapacity++;
      } else if (event.type === 'SeatsReleased') {
        summary.releasedBookings++;
        summary.releasedSeats += outcome.before[event.data.bookingId]?.partySize ?? 0;
      }
    }
    last = outcome.position;
  }
  if (last !== null) await runtime.readModels.waitFor(last);
  return summary;
}

/**
 * One date, with the day's expected revision: a booking command landing meanwhile makes it read and decide
 * again. An operator's tool, not a command: it reads the day's events (when each hold was made) and the
 * bookings' streams from the log, and decides in the pipeline on the seating policy loaded there.
 */
export async function reconcileDate(
  runtime: CommandRuntime,
  sources: { sources: SeatSource[]; events: EventSeatSource | undefined },
  context: CommandContext,
  date: string,
  candidates: Set<string>,
  now: Date,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { value, position } = await runPipeline(withoutWaiting(runtime), context, async (tx) => {
        const day = await runtime.eventStore.readStream(seatingStream(date));
        const { seating: policy } = await bookingPolicy(tx);
        const { before, wanted, inFlight } = await holdsWanted(
          runtime.eventStore,
          sources,
          date,
          candidates,
          day,
          policy.holdingMinutes,
          now,
        );
        const { events } = await tx.decide(
          streamOf(seatingDecider, seatingStream(date), { expectedVersion: day.length - 1 }),
          seatingDecider.decide,
          { type: 'ReconcileSeats', date, wanted, capacity: policy.capacity },
        );
        return { events, before, inFlight };
      });
      return { ...value, position };
    } catch (error) {
      if (!(error instanceof StaleVersion) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The day's holds, and those it should have: each booking's and event's seats, with a hold of a command still in flight kept. */
async function holdsWanted(
  eventStore: EventStore,
  { sources, events }: { sources: SeatSource[]; events: EventSeatSource | undefined },
  date: string,
  candidates: Set<string>,
  day: readonly RecordedEvent[],
  holdingMinutes: number,
  now: Date,
) {
  const before = Object.fromEntries(holdsOf(fold<SeatingState, SeatingEvent>(seatingDecider, day)).map((h) => [h.bookingId, h]));
  const wanted: SeatHold[] = [];
  let inFlight = 0;
  const ids = new Set([...candidates, ...Object.values(before).map((h) => `${h.kind}:${h.bookingId}`)]);
  for (const key of ids) {
    const kind = key.slice(0, key.indexOf(':')) as SeatHold['kind'];
    const bookingId = key.slice(kind.length + 1);
    const held = before[bookingId];
    const seats =
      kind === 'event'
        ? await eventSeats(eventStore, events, bookingId, date, held, holdingMinutes)
        : await bookingSeats(eventStore, sources, kind, bookingId, date, held, holdingMinutes);
    if (held && !(seats && sameSeats(held, seats)) && isRecent(day, bookingId, now)) {
      // Reserved moments ago for a booking (or a change of it) whose own append has not landed yet.
      wanted.push(held);
      inFlight++;
    } else if (seats) wanted.push(seats);
  }
  return { before, wanted, inFlight };
}

/** The seats a booking holds on the date, as its own stream says (keeping the holding time it was made with). */
async function bookingSeats(
  eventStore: EventStore,
  sources: SeatSource[],
  kind: SeatHold['kind'],
  bookingId: string,
  date: string,
  held: SeatHold | undefined,
  holdingMinutes: number,
): Promise<SeatHold | null> {
  const source = sources.find((s) => s.kind === kind);
  const need = source?.needOf(await eventStore.readStream(source.prefix + bookingId));
  if (!need?.hold || need.date !== date) return null;
  return { bookingId, kind, time: need.time, partySize: need.partySize, holdingMinutes: held?.holdingMinutes ?? holdingMinutes };
}

/** An event's seats on the date as its stream and occurrence say (no events source: it keeps what it holds). */
async function eventSeats(
  eventStore: EventStore,
  events: EventSeatSource | undefined,
  eventId: string,
  date: string,
  held: SeatHold | undefined,
  holdingMinutes: number,
): Promise<SeatHold | null> {
  if (!events) return held ?? null;
  const seats = await events.holdOn(eventStore, eventId, date, holdingMinutes);
  return seats && held && held.time === seats.time ? { ...seats, holdingMinutes: held.holdingMinutes } : seats;
}

const sameSeats = (a: SeatHold, b: SeatHold) => a.time === b.time && a.partySize === b.partySize && a.kind === b.kind;

/** The booking's latest seats on this day were reserved less than IN_FLIGHT_MS ago. */
function isRecent(day: readonly RecordedEvent[], bookingId: string, now: Date): boolean {
  const reserved = day.filter((e) => e.type === 'SeatsReserved' && (e.data as { bookingId: string }).bookingId === bookingId).at(-1);
  return reserved !== undefined && now.getTime() - Date.parse(reserved.metadata.occurredAt) < IN_FLIGHT_MS;
}
