import { expect } from 'vitest';
import type { TimeContext } from '../platform/clock.js';
import type { Decider, DomainEvent } from '../platform/commands/decider.js';
import { HttpError } from '../platform/errors.js';

/**
 * given / when / then for deciders, in the style of emmett's DeciderSpecification:
 *   spec.given([events]).when(command).then([events])  or  .thenThrows(status, message)
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, time: TimeContext) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => decider.decide(command, state, time);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenNothing() {
              expect(run()).toEqual([]);
            },
            thenThrows(status: number, message: string | RegExp) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, 'expected the decider to refuse').toBeInstanceOf(HttpError);
              expect((caught as HttpError).statusCode).toBe(status);
              if (typeof message === 'string') expect((caught as HttpError).message).toBe(message);
              else expect((caught as HttpError).message).toMatch(message);
            },
          };
        },
        /** The state the events fold into, for evolve assertions. */
        state: () => state,
      };
    },
  };
}

/** Wednesday 2026-11-18, 10:00 in Chicago, as the test app's clock. */
export const WEDNESDAY: TimeContext = {
  now: new Date('2026-11-18T16:00:00.000Z'),
  today: '2026-11-18',
  zone: 'America/Chicago',
};
