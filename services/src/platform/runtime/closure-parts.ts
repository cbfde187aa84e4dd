import { eventTypeLabel, type BookingClosure, type OpenTableImpact, type RangeBooking } from '@cafe/contracts';
import { runPipeline } from '../commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../commands/command-types.js';
import type { DomainEvent } from '../commands/decider.js';
import type { DocumentStore } from '../document-store/document-store.js';

/**
 * A slice's part in closing days (Feature.closures): the closures slice asks every registered part what
 * it has on the closed dates and how to cancel one, instead of importing the slices. Cancelling goes
 * through the slice's own command, so its guests get the mails they always get.
 */
export interface ClosurePart {
  /** What the slice has live on the dates from `from` to `to` (inclusive), read from its read models. */
  onDates?: {
    kinds: readonly ClosureKind[];
    read(documents: DocumentStore, from: string, to: string): Promise<RangeBooking[]>;
  };
  /** How a closure settles one thing of the slice's kind. */
  settles?: ClosureSettler;
  /** The open tables on those dates with players to tell: the closure's preview lists them. */
  openTables?(documents: DocumentStore, from: string, to: string): Promise<OpenTableImpact[]>;
  /** What follows once the closure cancelled these (the open tables of cancelled reservations close). */
  afterCancelled?(
    runtime: ClosureRuntime,
    cancelled: RangeBooking[],
    closureOf: (booking: RangeBooking) => BookingClosure,
    context: CommandContext,
  ): Promise<void>;
}

/** What a closure settles: a reservation, a party booking, a game night's sign-up. */
export type ClosureKind = RangeBooking['kind'];

/** What a part is given to act with: commands, and the read models. */
export type ClosureRuntime = CommandRuntime & { documents: DocumentStore };

export interface ClosureSettler {
  kind: ClosureKind;
  /** The thing as its own stream holds it now, seen by this closure. */
  read(runtime: ClosureRuntime, id: string, closure: BookingClosure, context: CommandContext): Promise<ClosureItem>;
  /** Cancels it with the closure, its guest mailed once; a DomainError when it changed since it was read. */
  cancel(runtime: ClosureRuntime, item: RangeBooking, closure: BookingClosure, context: CommandContext): Promise<void>;
}

export interface ClosureItem {
  /** Its stream holds something (a booking whose own append is still in flight does not yet). */
  stored: boolean;
  /** Live now, as the closure lists it; null when it is not (cancelled, rejected, never stored). */
  live: RangeBooking | null;
  /** Cancelled by this closure already: as it was just before (null: not live then). Absent when it was not. */
  cancelledByIt?: RangeBooking | null;
}

export const sameClosure = (a: BookingClosure | undefined, b: BookingClosure) =>
  a !== undefined && a.reason === b.reason && a.from === b.from && a.to === b.to;

/** A thing's stream as a closure sees it: its state now, and just before this closure cancelled it (if it did). */
export interface ClosureView<State> {
  stored: boolean;
  state: State;
  /** The stream's revision (-1 when empty): the version a cancellation is decided on. */
  version: number;
  beforeCancel?: { state: State; version: number };
}

interface Viewed<State> {
  state: State;
  count: number;
  beforeCancel?: { state: State; version: number };
}

/**
 * Loads a thing's own stream in the write pipeline (deciding nothing) and folds it as ClosureView says:
 * `cancelledBy` names the closure an event cancelled it with, if any.
 */
export async function closureView<State, Event extends DomainEvent>(
  runtime: CommandRuntime,
  context: CommandContext,
  spec: { streamId: string; initialState: () => State; evolve: (state: State, event: Event) => State },
  cancelledBy: (event: Event) => BookingClosure | undefined,
  closure: BookingClosure,
): Promise<ClosureView<State>> {
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const stream = await tx.load<Viewed<State>, Event>({
        streamId: spec.streamId,
        initialState: () => ({ state: spec.initialState(), count: 0 }),
        evolve: (viewed, event) => ({
          state: spec.evolve(viewed.state, event),
          count: viewed.count + 1,
          beforeCancel:
            viewed.beforeCancel ??
            (sameClosure(cancelledBy(event), closure) ? { state: viewed.state, version: viewed.count - 1 } : undefined),
        }),
      });
      return stream.state;
    },
    { waitForReadModels: false },
  );
  const { state, count, beforeCancel } = value;
  return { stored: count > 0, state, version: count - 1, ...(beforeCancel ? { beforeCancel } : {}) };
}

/** A reservation or party booking as a closure's preview and answer list it. */
export function rangeBooking(
  kind: 'reservation' | 'party',
  id: string,
  version: number,
  d: { name: string; email: string; phone: string; partySize: number; date: string; time: string; eventType?: string | null },
  status?: string | null,
): RangeBooking & { kind: 'reservation' | 'party' } {
  const { name, email, phone, partySize, date, time } = d;
  const label = kind === 'reservation' ? 'Reservation' : `${eventTypeLabel(d.eventType)} (${status ?? 'pending'})`;
  return { kind, id, version, name, email, phone, partySize, date, time, label };
}

/** The item a settler answers, from its view and how it lists the thing in a state (null: not live). */
export function closureItem<State>(view: ClosureView<State>, live: (state: State, version: number) => RangeBooking | null): ClosureItem {
  const { beforeCancel } = view;
  return {
    stored: view.stored,
    live: live(view.state, view.version),
    ...(beforeCancel ? { cancelledByIt: live(beforeCancel.state, beforeCancel.version) } : {}),
  };
}
