import type { SeatHold } from '@cafe/contracts';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';

/**
 * Events holding seats (kind 'event'), as `ops seats reconcile` reads them: the cafe-events slice gives it
 * (eventSeatSource) and the composition root hands it to the seating slice's reconciliation, so an
 * event's seats are counted, never released as a booking nobody has.
 */
export interface EventSeatSource {
  kind: 'event';
  /** The events' stream prefix: each event's id follows it. */
  prefix: string;
  initial: () => unknown;
  evolve: (state: unknown, event: RecordedEvent) => unknown;
  /** The dates from `today` on where the event (folded from the log) may hold seats, within the booking horizon. */
  datesOf: (state: unknown, today: string, horizonDays: number | undefined) => string[];
  /** The seats it holds on the date now, read fresh from the store (an operator's tool, not a command); null when none. */
  holdOn: (eventStore: EventStore, eventId: string, date: string, holdingMinutes: number) => Promise<SeatHold | null>;
}
