import { expect } from 'vitest';
import type { TimeContext } from '../src/platform/clock.js';
import { fold, type Decider, type DomainEvent } from '../src/platform/commands/decider.js';
import { DomainError } from '../src/platform/commands/domain-errors.js';

/**
 * given / when / then for deciders, in the style of emmett's DeciderSpecification:
 *   spec.given([events]).when(command).then([events])  or  .thenThrows(NotFound, message)
 */
export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, time: TimeContext) {
  return {
    given(events: E[]) {
      const state = fold<S, E>(decider, events);
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
            thenThrows(refusal: abstract new (message: string) => DomainError, message: string | RegExp) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, 'expected the decider to refuse').toBeInstanceOf(refusal);
              if (typeof message === 'string') expect((caught as DomainError).message).toBe(message);
              else expect((caught as DomainError).message).toMatch(message);
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
