import { hasTables, type Floor, type FloorEvent } from '@cafe/contracts';
import { runPipeline, type StreamSpec } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { floorSpec, type FloorState } from '../cafe-day/index.js';
import { floorDecider } from './floor-decider.js';
import { startPlacement } from './placement-record.js';

/** The floor as every seating decision loads it (kept in memory); If-Match, when sent, is checked against its version. */
const floorStream = (expectedVersion?: number): StreamSpec<FloorState, FloorEvent> => ({
  ...floorSpec,
  ...(expectedVersion !== undefined ? { expectedVersion } : {}),
});

export interface FloorSaved {
  floor: Floor;
  version: number;
  /** History's lines; [] when the floor sent is the one already set (nothing appended). */
  changes: string[];
}

/**
 * Set the café's floor (If-Match optional): one decision, which also starts placing every future
 * booking on the new floor (the placement's record, in the same append, so a crash right after still
 * places them: placement-process.ts resumes it).
 */
export async function setFloor(runtime: CommandRuntime, floor: Floor, expectedVersion: number | undefined, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, async (tx) => {
    const stream = await tx.load(floorStream(expectedVersion));
    const events = floorDecider.decide({ type: 'SetFloor', floor }, stream.state, tx.time);
    const version = tx.append(stream, events);
    if (events.length > 0 && hasTables(floor)) await startPlacement(tx, version, tx.time.today, context.actor);
    return { floor, version, changes: events.flatMap((e) => e.data.changes) } satisfies FloorSaved;
  });
  return value;
}
