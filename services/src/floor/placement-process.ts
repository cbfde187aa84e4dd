import { startWakeableLoop } from '../platform/runtime/wakeable-loop.js';
import { randomUUID } from 'node:crypto';
import { todayIn } from '@cafe/contracts';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { seatingProjection, type SeatingDayDoc } from '../cafe-day/index.js';
import { placeTablesOn } from './day-tables.js';
import { completePlacement, openPlacement, type Started } from './placement-record.js';

/** How often an open placement is looked for again (any process: the one that set the floor may have stopped). */
const SWEEP_MS = 60_000;

export interface PlacementSummary {
  dates: number;
  placed: number;
  unplaced: number;
}

/**
 * Places every booking from the placement's day on (today's, if that day has passed) on the floor now
 * set: one decision per date with holds (PlaceTables on its day: each hold without valid tables gets the
 * best fit, in time order, or is listed unplaced), then the record says it is done. Every step can run
 * again: a day already placed decides nothing, so a placement stopped midway is finished by running it
 * again, by this process or another. The dates come from the seating read model once it holds every
 * event stored so far: a booking decided after the floor was set got its tables then.
 */
export async function runPlacement(runtime: Runtime, started: Started, context: CommandContext, signal?: AbortSignal) {
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  const today = todayIn(runtime.config.zone, runtime.clock.now());
  const from = started.from > today ? started.from : today;
  const days = await runtime.documents
    .collection<SeatingDayDoc>(seatingProjection.name)
    .find({ date: { $gte: from } }, { sort: { date: 1 } });
  const quiet = withoutWaiting(runtime);
  const summary: PlacementSummary = { dates: 0, placed: 0, unplaced: 0 };
  for (const day of days) {
    signal?.throwIfAborted();
    const { value } = await runPipeline(quiet, context, (tx) => placeTablesOn(tx, day.date), {
      retriesOnConflict: 5,
      waitForReadModels: false,
    });
    summary.dates++;
    summary.placed += value.placed;
    summary.unplaced += value.unplaced;
  }
  await completePlacement(runtime, { floorVersion: started.floorVersion, ...summary }, context);
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  return summary;
}

/** Who reads the placement's record (the placement itself acts as the staff member who set the floor). */
const PLACEMENT_ACTOR = { kind: 'system', name: 'floor-placement' } as const;

const wakers = new WeakMap<object, () => void>();

/** A floor was just set: the runner of this process looks at once instead of at its next minute. */
export function wakePlacement(runtime: object): void {
  wakers.get(runtime)?.();
}

/**
 * The placement runner of a process: at start, when woken (a floor set here) and every `everyMs`, it
 * finishes the open placement, as the staff member who set the floor. It runs in its own loop, never in
 * the request that woke it, so a PUT answers once the floor is stored. Two processes running one
 * placement converge (a placed day decides nothing; the record completes once).
 */
export function resumePlacements(runtime: Runtime, options: { everyMs?: number } = {}): () => Promise<void> {
  const everyMs = options.everyMs ?? SWEEP_MS;
  const logger = runtime.logger.child({ feature: 'floor' });
  const pass = async (stopping: AbortSignal) => {
    const context = { actor: PLACEMENT_ACTOR, correlationId: randomUUID(), causationId: 'floor-placement' };
    const started = await openPlacement(runtime, context);
    if (!started || stopping.aborted) return;
    const as: CommandContext = { actor: started.actor, correlationId: randomUUID(), causationId: `floor-${started.floorVersion}` };
    logger.info({ floorVersion: started.floorVersion, from: started.from }, 'placing the bookings on the floor');
    const summary = await runPlacement(runtime, started, as, stopping);
    logger.info({ floorVersion: started.floorVersion, ...summary }, 'bookings placed on the floor');
  };
  // Left open on a failure: the next round tries again.
  const loop = startWakeableLoop(everyMs, pass, (error) => logger.error({ err: error }, 'placement not finished'));
  wakers.set(runtime, loop.wake);
  return async () => {
    wakers.delete(runtime);
    await loop.stop();
  };
}
