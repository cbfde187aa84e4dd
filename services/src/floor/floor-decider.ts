import { EMPTY_FLOOR, type Floor, type FloorEvent } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { floorFold, type FloorState } from '../cafe-day/index.js';
import { floorChanges } from './floor-changes.js';

export type FloorCommand = { type: 'SetFloor'; floor: Floor };

/** Two floors are the same when their JSON is (the schema's output: defaults filled, names trimmed). */
const same = (a: Floor, b: Floor) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The café's floor on floor-main: staff set the whole floor each time. A floor that changes nothing
 * appends nothing (the empty floor when none was set included); any other is recorded with History's
 * lines for what changed.
 */
export const floorDecider: Decider<FloorState, FloorCommand, FloorEvent> = {
  // The one fold of floor-main (cafe-day's): the booking path keeps the same state in memory.
  ...floorFold,
  decide: (command, state) => {
    if (same(state.floor ?? EMPTY_FLOOR, command.floor)) return [];
    const lines = floorChanges(state.floor, command.floor);
    // Something to read even when only details no line names changed.
    const changes = lines.length ? lines : ['Floor saved'];
    return [{ type: 'FloorSet', data: { floor: command.floor, changes } }];
  },
};
