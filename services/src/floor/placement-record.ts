import type { Actor } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, type CommandTx, type StreamSpec } from '../platform/commands/command-pipeline.js';
import type { Decider } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * The placement's own record (floorPlacement-main): each floor set starts placing every booking from
 * that day on (placement-process.ts), and the record says which floor's placement is still open, so a
 * process stopped midway (a crash, a restart) is finished by whoever looks next.
 */
export const PLACEMENT_STREAM = streamName('floorPlacement', 'main');

export type PlacementEvent =
  | {
      type: 'FloorPlacementStarted';
      /** The floor's version on floor-main; `from` the café's date then; who set it (the process acts as them). */
      data: { floorVersion: number; from: string; actor: Actor };
    }
  | { type: 'FloorPlacementCompleted'; data: { floorVersion: number; dates: number; placed: number; unplaced: number } };
export const PLACEMENT_EVENT_TYPES = ['FloorPlacementStarted', 'FloorPlacementCompleted'] as const;

export type Started = Extract<PlacementEvent, { type: 'FloorPlacementStarted' }>['data'];

/** The last placement started, and whether it was completed. A later floor's placement replaces an open one. */
export interface PlacementState {
  started: Started | null;
  completed: boolean;
}

export type PlacementStep = PlacementEvent;

export const placementDecider: Decider<PlacementState, PlacementStep, PlacementEvent> = {
  initialState: () => ({ started: null, completed: false }),
  evolve: (state, event) =>
    event.type === 'FloorPlacementStarted'
      ? { started: event.data, completed: false }
      : state.started?.floorVersion === event.data.floorVersion
        ? { ...state, completed: true }
        : state,
  decide: (step, state) => {
    if (step.type === 'FloorPlacementStarted') return state.started && state.started.floorVersion >= step.data.floorVersion ? [] : [step];
    // Completed once, and only the placement still open (a later floor's took over an older one).
    return state.started?.floorVersion === step.data.floorVersion && !state.completed ? [step] : [];
  },
};

const placementSpec: StreamSpec<PlacementState, PlacementEvent> = {
  streamId: PLACEMENT_STREAM,
  initialState: placementDecider.initialState,
  evolve: placementDecider.evolve,
};

/** In the floor's decision: start placing the bookings on floor `floorVersion` from `from` on. */
export async function startPlacement(tx: CommandTx, floorVersion: number, from: string, actor: Actor): Promise<void> {
  const record = await tx.load(placementSpec);
  tx.append(record, placementDecider.decide({ type: 'FloorPlacementStarted', data: { floorVersion, from, actor } }, record.state, tx.time));
}

/** The open placement, if any: loaded in a decision of its own (the process's first step). */
export async function openPlacement(runtime: CommandRuntime, context: CommandContext): Promise<Started | null> {
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const { state } = await tx.load(placementSpec);
      return state.started && !state.completed ? state.started : null;
    },
    { waitForReadModels: false },
  );
  return value;
}

/** Records the placement done; a later floor's placement started meanwhile is left open (it goes on). */
export async function completePlacement(
  runtime: CommandRuntime,
  done: Extract<PlacementEvent, { type: 'FloorPlacementCompleted' }>['data'],
  context: CommandContext,
): Promise<void> {
  await runPipeline(
    runtime,
    context,
    async (tx) => {
      const record = await tx.load(placementSpec);
      tx.append(record, placementDecider.decide({ type: 'FloorPlacementCompleted', data: done }, record.state, tx.time));
    },
    { retriesOnConflict: 3, waitForReadModels: false },
  );
}
