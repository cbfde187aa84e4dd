import {
  DEFAULT_FACTS,
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  openingHoursOf,
  type BusinessInfoData,
  type BusinessInfoEvent,
  type OpeningHours,
} from '@cafe/contracts';
import type { CommandTx, StreamSpec } from '../platform/commands/command-pipeline.js';
import { streamName } from '../platform/event-store/event-store.js';

/** The one business info stream: written by the business-info slice, read here for the booking rules. */
export const BUSINESS_INFO_STREAM = streamName('businessInfo', 'main');

export interface SeatingPolicy {
  capacity: number;
  holdingMinutes: number;
}

/** The party sizes the public party form takes (the seat capacity bounds them at the seating decision). */
export interface PartySizeRange {
  partySizeMin: number;
  partySizeMax: number;
}

/** What a booking decision needs of business info. */
export interface BookingPolicy {
  seating: SeatingPolicy;
  hours: OpeningHours;
  partySizes: PartySizeRange;
}

type StoredInfo = Partial<BusinessInfoData>;

/** Each event carries only what changed, so later values win. One fold (its identity keys the in-memory copy). */
const storedInfo = {
  initialState: (): StoredInfo => ({}),
  evolve: (state: StoredInfo, event: BusinessInfoEvent): StoredInfo => ({ ...state, ...event.data }),
};

const policies = new WeakMap<StoredInfo, BookingPolicy>();

/** Derived once per business-info state: the state kept in memory is the same object until it changes. */
function policyOf(info: StoredInfo): BookingPolicy {
  let policy = policies.get(info);
  if (!policy) {
    const { seatCapacity, holdingMinutes, hoursJson, hoursExceptions, lastSeatingMinutes, partySizeMin, partySizeMax } = info;
    policy = {
      seating: {
        capacity: typeof seatCapacity === 'number' ? seatCapacity : DEFAULT_SEAT_CAPACITY,
        holdingMinutes: typeof holdingMinutes === 'number' ? holdingMinutes : DEFAULT_HOLDING_MINUTES,
      },
      hours: openingHoursOf({ hoursJson, hoursExceptions, lastSeatingMinutes }),
      partySizes: {
        partySizeMin: typeof partySizeMin === 'number' ? partySizeMin : DEFAULT_FACTS.partySizeMin,
        partySizeMax: typeof partySizeMax === 'number' ? partySizeMax : DEFAULT_FACTS.partySizeMax,
      },
    };
    policies.set(info, policy);
  }
  return policy;
}

const businessInfoSpec: StreamSpec<StoredInfo, BusinessInfoEvent> = {
  streamId: BUSINESS_INFO_STREAM,
  ...storedInfo,
  cached: true,
  turns: false,
};

/**
 * The café's seat capacity, holding time and opening hours as business info holds them now, for a
 * command: kept in memory and required unchanged at the append, so a change saved a moment ago
 * already applies to the next booking (a booking decided on the old values runs again).
 */
export async function bookingPolicy(tx: CommandTx): Promise<BookingPolicy> {
  const info = await tx.load(businessInfoSpec);
  tx.require(info);
  return policyOf(info.state);
}
