import { DEFAULT_HOLDING_MINUTES, DEFAULT_SEAT_CAPACITY, type BusinessInfoEvent } from '@cafe/contracts';
import { streamName, type EventStore } from '../platform/event-store/event-store.js';

/** The one business info stream: written by the business-info slice, read here for the seating rules. */
export const BUSINESS_INFO_STREAM = streamName('businessInfo', 'main');

export interface SeatingPolicy {
  capacity: number;
  holdingMinutes: number;
}

/**
 * The café's seat capacity and table-holding time as business info holds them now. Read from the
 * event store, not a read model, so a change saved a moment ago already applies to the next booking.
 */
export async function seatingPolicy(eventStore: EventStore): Promise<SeatingPolicy> {
  const policy: SeatingPolicy = { capacity: DEFAULT_SEAT_CAPACITY, holdingMinutes: DEFAULT_HOLDING_MINUTES };
  for (const event of await eventStore.readStream(BUSINESS_INFO_STREAM)) {
    const data = event.data as BusinessInfoEvent['data'];
    if (typeof data.seatCapacity === 'number') policy.capacity = data.seatCapacity;
    if (typeof data.holdingMinutes === 'number') policy.holdingMinutes = data.holdingMinutes;
  }
  return policy;
}
