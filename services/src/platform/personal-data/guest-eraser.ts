import { bookingOf } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../commands/command-types.js';
import { Conflict } from '../commands/domain-errors.js';
import type { GuestFootprint } from './encrypting-event-store.js';

/** The guest `forget` erases: their key, e-mail, and where their data lies in the event log. */
export interface ErasedGuest {
  guestKey: string;
  email: string;
  /** Every stream holding data sealed under the guest's key (bookings, and what other features keep). */
  streams: readonly string[];
  /** The guest's booking streams; `erased` when an erasure came after the last of their data. */
  bookings: readonly GuestFootprint['bookings'][number][];
}

/**
 * What a feature keeps of a guest (a booking, an event sign-up, a seat at an open table), erased by
 * `forget` (guest-privacy/guest-erasure.ts) after the guest's key is gone. Each feature registers its
 * own on its Feature (`erasers`, wired in features.ts).
 */
export interface GuestEraser {
  /** Names its count in the answer ('reservations', 'partyBookings', else a kind of `records`, e.g. 'eventSignUps'). */
  name: string;
  /**
   * Records one erasure event on each of the guest's records and answers how many it erased now; one
   * already erased is not counted again.
   */
  erase(runtime: CommandRuntime, guest: ErasedGuest, context: CommandContext): Promise<number>;
}

type EraseBooking = (runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) => Promise<unknown>;

/**
 * The eraser of one kind of booking (its slice registers it): each of the guest's bookings of that kind
 * not erased yet gets one erasure event through the booking's own decider (the read models blank the
 * fields, the history shows who erased it and when). `name` is the answer's count of them.
 */
export function bookingEraser(name: string, kind: 'reservation' | 'party', erase: EraseBooking): GuestEraser {
  return {
    name,
    async erase(runtime, guest, context) {
      let erased = 0;
      for (const booking of guest.bookings) {
        if (booking.erased) continue;
        const { kind: of, id } = bookingOf(booking);
        if (of !== kind) continue;
        await withRetry(() => erase(runtime, id, guest.guestKey, context));
        erased += 1;
      }
      return erased;
    },
  };
}

/**
 * A write to the same record at the same moment (a staff edit) moves its revision: erase again on the new
 * one (what is erased already is not counted twice).
 */
export async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof Conflict) || attempt >= 5) throw error;
    }
  }
}
