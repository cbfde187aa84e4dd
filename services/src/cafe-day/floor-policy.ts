import { hasTables, type Floor, type FloorEvent } from '@cafe/contracts';
import type { CommandTx, StreamSpec } from '../platform/commands/command-pipeline.js';
import { streamName } from '../platform/event-store/event-store.js';

/** The one floor stream: written by the floor slice (FloorSet), read here for every seating decision. */
export const FLOOR_STREAM = streamName('floor', 'main');

/** The floor as its stream holds it: the last FloorSet's (null before any). */
export interface FloorState {
  floor: Floor | null;
}

/**
 * One fold of floor-main (its identity keys the in-memory copy): the floor slice loads its stream with
 * this same fold, so a command that reads the floor here and writes it there folds it once.
 */
export const floorFold = {
  initialState: (): FloorState => ({ floor: null }),
  evolve: (_state: FloorState, event: FloorEvent): FloorState => (event.type === 'FloorSet' ? { floor: event.data.floor } : _state),
};

export const floorSpec: StreamSpec<FloorState, FloorEvent> = {
  streamId: FLOOR_STREAM,
  ...floorFold,
  cached: true,
  turns: false,
};

/** The floor a state seats by: null without tables (seat by the seat capacity, as before floors). */
export const floorOf = (state: FloorState): Floor | null => (hasTables(state.floor) ? state.floor : null);

/**
 * The café's floor as it is now, for a command: kept in memory and required unchanged at the append
 * (like bookingPolicy), so a booking decided on a floor staff just changed runs again on the new one.
 * Null when the café has no tables: it seats by capacity.
 */
export async function floorPolicy(tx: CommandTx): Promise<Floor | null> {
  const loaded = await tx.load(floorSpec);
  tx.require(loaded);
  return floorOf(loaded.state);
}
