import { validate as isUuid, version as uuidVersion } from 'uuid';
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  type ArrivalStatus,
  type BookingClosure,
  type DetailsChange,
  type ReservationDetails,
} from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import type { CommandTx } from '../platform/commands/command-pipeline.js';
import type { DomainEvent } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { eventIdsFor, timeOrderedId } from '../platform/commands/event-ids.js';
import { decideBooking, loadBooking, onBooking, rulesFor, seatDecision, tablesHeld } from './booking-decision.js';
import type { Booked, BookingKind, DateRules, SameRequest, SeatingOptions, Versioned } from './booking-kind.js';
import type { BookingRuntime } from './booking-stay.js';
import type { TablesOut } from '../cafe-day/index.js';

// The command flows reservations and party bookings share, each a plain function given the kind of
// booking: one pipeline run that loads the booking's stream once, decides once and appends once
// (booking-decision.ts). Each slice binds them to its kind in its own commands file.

/** A repeat of a request with the same Idempotency-Key answers the first result within this time. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The id of a booking asked for under an Idempotency-Key: derived from the key, so the same request
 * again finds its booking. A key that is itself a time-ordered UUID (version 7, what the site's forms
 * send) lends the id its time, so keyed bookings stay in time order too; the rest of the id is the hash
 * of the key, which no other key can give.
 */
function keyedBookingId(kind: string, key: string): string {
  const hashed = eventIdsFor(`${kind}:${key}`, 'booking-id', 'key', [{ type: kind, data: null }])[0]!;
  if (!isUuid(key) || uuidVersion(key) !== 7) return hashed;
  // The key's 48 bits of milliseconds, then the version (7) where the hashed id has 8; its variant stays.
  return `${key.slice(0, 13).toLowerCase()}-7${hashed.slice(15)}`;
}

/** The same booking asked for again: same guest, same date, time and size. */
function sameRequest(stored: ReservationDetails, asked: ReservationDetails): boolean {
  return (
    stored.date === asked.date &&
    stored.time === asked.time &&
    stored.partySize === asked.partySize &&
    stored.name === asked.name &&
    stored.email.toLowerCase() === asked.email.toLowerCase()
  );
}

/**
 * A new booking on its own stream, made by `command` (a request, a walk-in), refused on a closed day,
 * outside the opening hours or when the time is fully booked. With an Idempotency-Key the booking's id
 * comes from the key: the same request again within 24 hours finds its booking and answers it, booking
 * nothing; the same key with other details is refused (`same` says what "the same" is: a walk-in's slot
 * is decided, not asked); a key older than that books anew under an id of its own. Answers the stored
 * details (a repeat's are the first request's).
 */
export async function requestBookingWith<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  details: ReservationDetails,
  command: (id: string, rules: DateRules) => Command,
  context: CommandContext,
  options: SeatingOptions = {},
  same: SameRequest = sameRequest,
): Promise<Booked> {
  const key = context.idempotencyKey;
  // Time-ordered (UUID version 7): a new booking's rows land at the end of every index keyed by its
  // id (its stream's, its read-model documents') instead of on a random page of each, a write that
  // grows with the café's history.
  const id = key === undefined ? timeOrderedId() : keyedBookingId(kind.kind, key);
  const answer = await onBooking(
    runtime,
    kind,
    id,
    context,
    async (tx, claim): Promise<Booked | 'expired'> => {
      const booking = await loadBooking(tx, kind, id, { fresh: key === undefined });
      if (booking.revision === null) {
        const seats = seatDecision(runtime, context, options);
        return decideBooking(tx, kind, booking, id, command(id, await rulesFor(tx, details.date)), claim, seats);
      }
      if (Date.parse(booking.createdAt ?? '') < tx.time.now.getTime() - IDEMPOTENCY_WINDOW_MS) return 'expired';
      const stored = kind.liveDetails(booking.state);
      if (stored && !same(stored, details)) throw new Conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
      const first = kind.details(booking.state);
      const held = kind.seats(booking.state)?.hold ? await tablesHeld(tx, id, first?.date) : {};
      return { id, version: Number(booking.revision), repeat: true, details: first, ...held };
    },
    key === undefined ? {} : { commandId: `${kind.kind}:${key}` },
  );
  if (answer === 'expired')
    return requestBookingWith(runtime, kind, details, command, { ...context, idempotencyKey: undefined }, options, same);
  return answer;
}

/** A new booking from the public form (`public`) or a staff dialog (`admin`, which may override the capacity). */
export async function requestBooking<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  source: 'public' | 'admin',
  details: Details,
  context: CommandContext,
  options?: SeatingOptions,
): Promise<Versioned & TablesOut & { repeat?: true }> {
  // The command as an argument rather than a named arrow: the build names a named one at each call.
  const { details: _stored, ...answer } = await requestBookingWith(
    runtime,
    kind,
    details,
    (id: string, rules: DateRules) => kind.commands.request(id, source, details, rules),
    context,
    options,
  );
  return answer;
}

/** A command on an existing booking: under If-Match a stale version is a conflict, a missing booking not found. */
export const onExistingBooking = <State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  command: Command,
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) => decideOnExisting(runtime, kind, id, () => Promise.resolve(command), expectedVersion, context, options);

/** The same, decided with the booking's (stored) date's rules: a party's approval re-checks its day. */
export const onExistingBookingWithRules = <State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  command: (rules: DateRules) => Command,
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) =>
  decideOnExisting(
    runtime,
    kind,
    id,
    async (tx, state) => command(await rulesFor(tx, kind.liveDetails(state)?.date)),
    expectedVersion,
    context,
    options,
  );

function decideOnExisting<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  build: (tx: CommandTx, state: State) => Promise<Command>,
  expectedVersion: number | undefined,
  context: CommandContext,
  options: SeatingOptions = {},
): Promise<Versioned> {
  return onBooking(runtime, kind, id, context, async (tx, claim) => {
    const booking = await loadBooking(tx, kind, id, { expectedVersion });
    const seats = seatDecision(runtime, context, options);
    const { version } = await decideBooking(tx, kind, booking, id, await build(tx, booking.state), claim, seats);
    return { id, version };
  });
}

/**
 * Every change of a booking's details (the staff Edit dialogs, a guest's own change): absent fields
 * stay as they are, null clears special requests, a new date or time is checked against closed days
 * and the opening hours (of the stored date when only the time changes), and a new date, time or size
 * against the seats left.
 */
export function changeBooking<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  changes: DetailsChange<Details>,
  expectedVersion: number | undefined,
  context: CommandContext,
  options: SeatingOptions = {},
): Promise<Versioned> {
  const by = context.actor.kind === 'guest' ? 'guest' : 'staff';
  return onBooking(runtime, kind, id, context, async (tx, claim) => {
    const booking = await loadBooking(tx, kind, id, { expectedVersion });
    let date = changes.date;
    if (date === undefined && changes.time !== undefined) {
      const stored = kind.liveDetails(booking.state);
      if (!stored) throw new NotFound(kind.notFound);
      date = stored.date;
    }
    const command = kind.commands.change(changes, await rulesFor(tx, date), by);
    const { version } = await decideBooking(tx, kind, booking, id, command, claim, seatDecision(runtime, context, options));
    return { id, version };
  });
}

/** Staff or its guest cancel a booking; `closure` when staff closed its date (the guest is mailed why). */
export const cancelBooking = <State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  expectedVersion: number | undefined,
  context: CommandContext,
  closure?: BookingClosure,
) => onExistingBooking(runtime, kind, id, kind.commands.cancel(closure), expectedVersion, context);

/** The guest asked to be forgotten: the booking stays, its personal data is blanked. */
export const eraseBooking = <State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  guestKey: string,
  context: CommandContext,
) => onExistingBooking(runtime, kind, id, kind.commands.erase(guestKey), undefined, context);

/**
 * Staff mark whether a booking's guests came. A no-show gives its seats back; undoing it takes them
 * again even past the capacity (the guests are there: staff correct a fact, not make a promise).
 */
export const markBookingArrival = <State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  status: ArrivalStatus,
  expectedVersion: number | undefined,
  context: CommandContext,
) => onExistingBooking(runtime, kind, id, kind.commands.arrival(status), expectedVersion, context, { overrideCapacity: true });
