import type { CommandContext, CommandRuntime } from '../commands/command-types.js';

/**
 * What a feature keeps of a guest beyond bookings (an event sign-up, a seat at an open table), erased
 * by `forget` (guest-privacy/guest-erasure.ts) after the guest's key is gone. Each feature contributes
 * one to guest-privacy/guest-erasers.ts.
 */
export interface GuestEraser {
  /** Names its count in the answer's `records` (e.g. 'eventSignUps'). */
  name: string;
  /**
   * Records one erasure event on each of the guest's records among `streams` (every stream holding
   * data sealed under the guest's key `guestKey`) and answers how many it erased now; one already
   * erased is not counted again.
   */
  erase(
    runtime: CommandRuntime,
    guest: { guestKey: string; email: string; streams: readonly string[] },
    context: CommandContext,
  ): Promise<number>;
}
