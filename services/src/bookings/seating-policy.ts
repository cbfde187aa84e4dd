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

/** Business info as its stream holds it now: each event carries only what changed, so later values win. */
async function storedBusinessInfo(eventStore: EventStore): Promise<Partial<BusinessInfoData>> {
  const stored: Partial<BusinessInfoData> = {};
  for (const event of await eventStore.readStream(BUSINESS_INFO_STREAM)) Object.assign(stored, event.data as BusinessInfoEvent['data']);
  return stored;
}

/**
 * The café's seat capacity and table-holding time as business info holds them now. Read from the
 * event store, not a read model, so a change saved a moment ago already applies to the next booking.
 */
export async function seatingPolicy(eventStore: EventStore): Promise<SeatingPolicy> {
  const { seatCapacity, holdingMinutes } = await storedBusinessInfo(eventStore);
  return {
    capacity: typeof seatCapacity === 'number' ? seatCapacity : DEFAULT_SEAT_CAPACITY,
    holdingMinutes: typeof holdingMinutes === 'number' ? holdingMinutes : DEFAULT_HOLDING_MINUTES,
  };
}

/**
 * The opening hours as business info holds them now, read like the seating policy (a change saved a
 * moment ago already applies to the next booking). The booking deciders refuse a time outside them.
 */
export async function openingHoursNow(eventStore: EventStore): Promise<OpeningHours> {
  const { hoursJson, hoursExceptions, lastSeatingMinutes } = await storedBusinessInfo(eventStore);
  return openingHoursOf({ hoursJson, hoursExceptions, lastSeatingMinutes });
}
