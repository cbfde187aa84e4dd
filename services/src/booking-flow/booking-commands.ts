import { randomUUID } from 'node:crypto';
import { v7 as uuidv7, validate as isUuid, version as uuidVersion } from 'uuid';
import {
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  type BookingClosure,
  type DetailsChange,
  type OpeningHours,
  type ReservationDetails,
} from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, type CommandTx, type LoadedStream } from '../platform/commands/command-pipeline.js';
import { fold, type Decider, type DomainEvent } from '../platform/commands/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { eventIdsFor } from '../platform/commands/event-ids.js';
import { closedReason } from '../cafe-day/index.js';
import { claimSeats, releaseSeats, sameNeed, type SeatNeed } from '../cafe-day/index.js';
import { bookingPolicy, type PartySizeRange } from '../cafe-day/index.js';

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

/** What tells a reservation from a party booking to the command flows both share. */
export interface BookingKind<State, Command, Event extends DomainEvent, Details extends ReservationDetails = ReservationDetails> {
  kind: 'reservation' | 'party';
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  notFound: string;
  /** The kind's own commands (SPEC names each kind's events) for the flows both kinds have. */
  commands: {
    request: (id: string, source: 'public' | 'admin', details: Details, rules: DateRules) => Command;
    /** `by` the guest through their link, or staff (a party's guest may send an approved party back to staff). */
    change: (changes: DetailsChange<Details>, rules: DateRules, by: 'guest' | 'staff') => Command;
    /** `closure` when staff cancel it because they closed its date (the guest is mailed why). */
    cancel: (closure?: BookingClosure) => Command;
    /** The guest asked to be forgotten (guest-privacy): the booking stays, its personal data is blanked. */
    erase: (guestKey: string) => Command;
  };
  /** The booking's details in any state once it exists (cancelled too); null before. */
  details: (state: State) => Details | null;
  /** The stored details while the booking can still be changed; null when there is none to change. */
  liveDetails: (state: State) => ReservationDetails | null;
  /**
   * The seats a booking in this state needs: held (counted against the day's capacity) or only
   * checked (it must fit now, but holds nothing yet); null when it needs none.
   */
  seats: (state: State) => SeatNeed | null;
}

export interface Versioned {
  id: string;
  version: number;
}

/** A new booking's answer, with the details its stream holds (cancelled too; a repeat's are the first request's). */
export interface Booked extends Versioned {
  repeat?: true;
  details: ReservationDetails | null;
}

/** Whether a request with a used Idempotency-Key asks for the booking stored under it. */
export type SameRequest = (stored: ReservationDetails, asked: ReservationDetails) => boolean;

/** Staff may book past the seat capacity on purpose (the dashboard warns first); guests never. */
export interface SeatingOptions {
  overrideCapacity?: boolean;
}

/** The closed day and opening hours a date-bearing command is decided with, read within the command. */
export interface DateRules {
  closedReason: string | null;
  hours: OpeningHours;
  /** The party sizes the public party form takes now (business info). */
  partySizes: PartySizeRange;
}

/** A repeat of a request with the same Idempotency-Key answers the first result within this time. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The command flows reservations and party bookings share, bound to one kind of booking. Every flow is
 * one pipeline run: the booking's stream, the day's (or days') seats, the closed day and the business
 * info are each loaded once, the booking decider decides once, the seats are decided on the day's
 * state, and everything is appended in one append (atomic on the embedded store).
 */
export function bookingCommands<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  kind: BookingKind<State, Command, Event, Details>,
) {
  interface Target {
    id: string;
    fresh?: boolean;
    expectedVersion?: number;
  }

  async function run(
    runtime: CommandRuntime,
    target: Target,
    build: (tx: CommandTx, booking: LoadedStream<State>) => Promise<Command | 'repeat' | 'expired'>,
    context: CommandContext,
    options: SeatingOptions & { commandId?: string } = {},
  ): Promise<Booked & { expired?: true }> {
    const seats: { claimed: SeatNeed | null } = { claimed: null };
    try {
      const { value } = await runPipeline(
        runtime,
        context,
        async (tx) => {
          seats.claimed = null;
          const booking = await tx.load({
            streamId: kind.stream(target.id),
            initialState: kind.decider.initialState,
            evolve: kind.decider.evolve,
            fresh: target.fresh,
            expectedVersion: target.expectedVersion,
            notFoundMessage: kind.notFound,
          });
          const command = await build(tx, booking);
          const stored = kind.details(booking.state);
          if (command === 'repeat') return { id: target.id, version: Number(booking.revision), repeat: true as const, details: stored };
          if (command === 'expired') return { id: target.id, version: Number(booking.revision), expired: true as const, details: stored };
          const events = kind.decider.decide(command, booking.state, tx.time);
          const before = kind.seats(booking.state);
          const decided = events.reduce(kind.decider.evolve, booking.state);
          const details = kind.details(decided);
          const after = kind.seats(decided);
          if (events.length === 0 || sameNeed(before, after)) return { id: target.id, version: tx.append(booking, events), details };
          const { seating } = await bookingPolicy(tx);
          // In this order where the store appends stream by stream: seats taken before the booking, given back after it.
          if (after) await claimSeats(tx, seating, { bookingId: target.id, kind: kind.kind }, after, options.overrideCapacity ?? false);
          seats.claimed = after;
          const version = tx.append(booking, events);
          if (before && !(after && after.date === before.date)) await releaseSeats(tx, target.id, before.date);
          return { id: target.id, version, details };
        },
        { commandId: options.commandId },
      );
      return value;
    } catch (error) {
      if (seats.claimed && !runtime.eventStore.atomicAppends) await restoreSeats(runtime, target.id, seats.claimed, context);
      throw error;
    }
  }

  /**
   * Where a decision's streams are appended one by one, a booking append that failed after its seats
   * were taken leaves the day holding what the booking's own stream does not say: put it back.
   */
  async function restoreSeats(runtime: CommandRuntime, id: string, claimed: SeatNeed, context: CommandContext): Promise<void> {
    await runPipeline(
      runtime,
      context,
      async (tx) => {
        const booking = await tx.load({ streamId: kind.stream(id), initialState: kind.decider.initialState, evolve: kind.decider.evolve });
        const current = kind.seats(booking.state);
        if (current && current.date === claimed.date) {
          await claimSeats(tx, (await bookingPolicy(tx)).seating, { bookingId: id, kind: kind.kind }, current, true);
        } else {
          await releaseSeats(tx, id, claimed.date);
        }
      },
      { commandId: randomUUID() },
    ).catch((failure: unknown) => runtime.logger?.info({ err: failure, bookingId: id, date: claimed.date }, 'seats not put back'));
  }

  const rulesFor = async (tx: CommandTx, date: string | undefined): Promise<DateRules> => {
    const [reason, policy] = await Promise.all([date === undefined ? null : closedReason(tx, date), bookingPolicy(tx)]);
    return { closedReason: reason, hours: policy.hours, partySizes: policy.partySizes };
  };

  /**
   * A new booking on its own stream, refused on a closed day, outside the opening hours or when the
   * time is fully booked. With an Idempotency-Key the booking's id comes from the key: the same
   * request again within 24 hours finds its booking and answers it, booking nothing; the same key with
   * other details is refused (`same` says what "the same" is: a walk-in's slot is decided, not asked);
   * a key older than that books anew under an id of its own.
   */
  async function request(
    runtime: CommandRuntime,
    details: ReservationDetails,
    command: (id: string, rules: DateRules) => Command,
    context: CommandContext,
    options: SeatingOptions = {},
    same: SameRequest = sameRequest,
  ): Promise<Booked> {
    const key = context.idempotencyKey;
    const commandId = key === undefined ? undefined : `${kind.kind}:${key}`;
    // Time-ordered (UUID version 7): a new booking's rows land at the end of every index keyed by its
    // id (its stream's, its read-model documents') instead of on a random page of each, a write that
    // grows with the café's history.
    const id = key === undefined ? uuidv7() : keyedBookingId(kind.kind, key);
    const outcome = await run(
      runtime,
      { id, fresh: key === undefined },
      async (tx, booking) => {
        if (booking.revision === null) return command(id, await rulesFor(tx, details.date));
        if (Date.parse(booking.createdAt ?? '') < tx.time.now.getTime() - IDEMPOTENCY_WINDOW_MS) return 'expired';
        const stored = kind.liveDetails(booking.state);
        if (stored && !same(stored, details)) throw new Conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
        return 'repeat';
      },
      context,
      { ...options, ...(commandId === undefined ? {} : { commandId }) },
    );
    if (outcome.expired) return request(runtime, details, command, { ...context, idempotencyKey: undefined }, options, same);
    const { expired: _expired, ...answer } = outcome;
    return answer;
  }

  /** A command on an existing booking under If-Match: a stale version is a conflict, a missing booking not found. */
  async function commandOn(
    runtime: CommandRuntime,
    id: string,
    command: Command,
    expectedVersion: number | undefined,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    const { id: _id, ...result } = await run(runtime, { id, expectedVersion }, async () => command, context, options);
    return { id, version: result.version };
  }

  /**
   * Every change of a booking's details (the staff Edit dialogs, a guest's own change): absent fields
   * stay as they are, null clears special requests, a new date or time is checked against closed days
   * and the opening hours (of the stored date when only the time changes), and a new date, time or size
   * against the seats left.
   */
  async function changeDetails<D extends ReservationDetails>(
    runtime: CommandRuntime,
    id: string,
    changes: DetailsChange<D>,
    expectedVersion: number | undefined,
    command: (changes: DetailsChange<D>, rules: DateRules) => Command,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    const result = await run(
      runtime,
      { id, expectedVersion },
      async (tx, booking) => {
        let date = changes.date;
        if (date === undefined && changes.time !== undefined) {
          const stored = kind.liveDetails(booking.state);
          if (!stored) throw new NotFound(kind.notFound);
          date = stored.date;
        }
        return command(changes, await rulesFor(tx, date));
      },
      context,
      options,
    );
    return { id, version: result.version };
  }

  /** A command on an existing booking decided with its (stored) date's rules: a party's approval re-checks its day. */
  async function commandWithRules(
    runtime: CommandRuntime,
    id: string,
    command: (rules: DateRules) => Command,
    expectedVersion: number | undefined,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    const build = async (tx: CommandTx, booking: LoadedStream<State>) => command(await rulesFor(tx, kind.liveDetails(booking.state)?.date));
    const result = await run(runtime, { id, expectedVersion }, build, context, options);
    return { id, version: result.version };
  }

  return {
    /** A new booking from the public form (`public`) or a staff dialog (`admin`, which may override the capacity). */
    request: async (
      runtime: CommandRuntime,
      source: 'public' | 'admin',
      details: Details,
      context: CommandContext,
      options?: SeatingOptions,
    ) => {
      const { details: _stored, ...answer } = await request(
        runtime,
        details,
        (id, rules) => kind.commands.request(id, source, details, rules),
        context,
        options,
      );
      return answer as Versioned & { repeat?: true };
    },
    /** Every change of a booking's details: the staff Edit dialogs, a guest's own change. */
    change: (
      runtime: CommandRuntime,
      id: string,
      changes: DetailsChange<Details>,
      expectedVersion: number | undefined,
      context: CommandContext,
      options?: SeatingOptions,
    ) => {
      const by = context.actor.kind === 'guest' ? 'guest' : 'staff';
      return changeDetails(
        runtime,
        id,
        changes,
        expectedVersion,
        (changes, rules) => kind.commands.change(changes, rules, by),
        context,
        options,
      );
    },
    cancel: (runtime: CommandRuntime, id: string, expectedVersion: number | undefined, context: CommandContext, closure?: BookingClosure) =>
      commandOn(runtime, id, kind.commands.cancel(closure), expectedVersion, context),
    erase: (runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) =>
      commandOn(runtime, id, kind.commands.erase(guestKey), undefined, context),
    /** A command only this kind has (a party's arrival), on the same flow. */
    commandOn,
    /** The same, decided with the booking's day's rules (a party's approval). */
    commandWithRules,
    /** A new booking made by a command only this kind has (a walk-in), on the same flow; answers the stored details. */
    requestWith: request,
    /**
     * A booking's details as they stood at one revision of its stream, folded from the event store (not
     * a read model that may lag): what a cancellation or outcome e-mail quotes.
     */
    detailsAt: async (eventStore: EventStore, streamId: string, revision: bigint): Promise<Details | null> => {
      const history = await eventStore.readStream(streamId, { maxCount: Number(revision) + 1 });
      return kind.details(fold<State, Event>(kind.decider, history));
    },
  };
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
