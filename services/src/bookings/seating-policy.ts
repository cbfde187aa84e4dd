import {
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  openingHoursOf,
  type BusinessInfoData,
  type BusinessInfoEvent,
  type OpeningHours,
} from '@cafe/contracts';
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

/**
 * The opening hours as business info holds them now, read like the seating policy (from the event store,
 * so hours saved a moment ago already apply to the next booking). The booking deciders refuse a time
 * outside them.
 */
export async function openingHoursNow(eventStore: EventStore): Promise<OpeningHours> {
  const stored: Partial<Pick<BusinessInfoData, 'hoursJson' | 'hoursExceptions' | 'lastSeatingMinutes'>> = {};
  for (const event of await eventStore.readStream(BUSINESS_INFO_STREAM)) {
    const data = event.data as BusinessInfoEvent['data'];
    if (data.hoursJson !== undefined) stored.hoursJson = data.hoursJson;
    if (data.hoursExceptions !== undefined) stored.hoursExceptions = data.hoursExceptions;
    if (data.lastSeatingMinutes !== undefined) stored.lastSeatingMinutes = data.lastSeatingMinutes;
  }
  return openingHoursOf(stored);
}
