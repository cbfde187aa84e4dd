import {
  ARRIVAL_BEFORE_DAY_MESSAGE,
  ARRIVAL_NEXT,
  arrivalAlreadyMessage,
  arrivalTransitionMessage,
  type ArrivalMarkedData,
  type ArrivalStatus,
} from '@cafe/contracts';
import { Conflict } from '../platform/commands/domain-errors.js';

/**
 * Marking whether a booking's guests came, the same for both kinds: only on or after the booking's
 * day (café zone), only along ARRIVAL_NEXT (forward, or back one step to undo), never to the status it
 * has. The decider of each kind checks first that the booking can arrive at all.
 */
export function decideArrival(current: ArrivalStatus, next: ArrivalStatus, date: string, today: string): ArrivalMarkedData {
  if (next === current) throw new Conflict(arrivalAlreadyMessage(current));
  if (next !== 'expected' && date > today) throw new Conflict(ARRIVAL_BEFORE_DAY_MESSAGE);
  if (!ARRIVAL_NEXT[current].includes(next)) throw new Conflict(arrivalTransitionMessage(current, next));
  return { status: next, from: current };
}
