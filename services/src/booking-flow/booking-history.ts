import type { ReservationDetails } from '@cafe/contracts';
import { fold, type DomainEvent } from '../platform/commands/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { BookingKind } from './booking-kind.js';

/**
 * A booking's details as they stood at one revision of its stream, folded from the event store (not a
 * read model that may lag, nor the stream's state now): what a reactor's mail about that event quotes
 * (a cancellation, a change's "before"). Not for commands or routes: they load in the pipeline.
 */
export async function bookingDetailsAt<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  kind: BookingKind<State, Command, Event, Details>,
  eventStore: EventStore,
  streamId: string,
  revision: bigint,
): Promise<Details | null> {
  const history = await eventStore.readStream(streamId, { maxCount: Number(revision) + 1 });
  return kind.details(fold<State, Event>(kind.decider, history));
}
