import { randomUUID } from 'node:crypto';
import { todayIn, type SeatingEvent } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { startPeriodic, type PeriodicTask } from '../platform/runtime/periodic-task.js';
import { seatingProjection, type EventSeatSource, type SeatingDayDoc } from '../cafe-day/index.js';
import { reconcileDate, type SeatSource } from './seat-reconciliation.js';

/** How often the next dates are checked, and how many each time: a bounded piece of work per tick. */
const INTERVAL_MS = 60_000;
const DATES_PER_TICK = 5;

const tasks = new WeakMap<Runtime, PeriodicTask>();

/** The running reconciler of a runtime, if any (tests run a pass instead of waiting for the timer). */
export const seatReconcilerOf = (runtime: Runtime): PeriodicTask | undefined => tasks.get(runtime);

/**
 * `ops seats reconcile`, a few days at a time, where the projections run: each tick checks the next
 * DATES_PER_TICK dates from today on that hold seats (the seating read model's days, in date order, round
 * again once past the last) and makes each agree with its holders' own streams, as the ops command does
 * for a day: a hold whose booking was cancelled, moved or never stored (a crash, or a decision half-applied
 * on a store that appends stream by stream) is released, one that differs is set to what its booking or
 * event says; holds made moments ago for a command still in flight are left alone. Each repair is logged.
 */
export class SeatReconciler {
  private offset = 0;

  constructor(
    private readonly runtime: Pick<Runtime, 'eventStore' | 'clock' | 'config' | 'readModels' | 'states' | 'logger' | 'documents'>,
    private readonly sources: readonly (SeatSource | EventSeatSource)[],
    private readonly datesPerTick = DATES_PER_TICK,
  ) {}

  async pass(): Promise<void> {
    const { runtime } = this;
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    const days = await runtime.documents
      .collection<SeatingDayDoc>(seatingProjection.name)
      .find({ date: { $gte: today } }, { sort: { date: 1 }, skip: this.offset, limit: this.datesPerTick });
    this.offset = days.length < this.datesPerTick ? 0 : this.offset + days.length;
    const sources = {
      sources: this.sources.filter((s): s is SeatSource => s.kind !== 'event'),
      events: this.sources.find((s): s is EventSeatSource => s.kind === 'event'),
    };
    for (const { date } of days) {
      const context: CommandContext = {
        actor: { kind: 'system', name: 'seats reconcile' },
        correlationId: randomUUID(),
        causationId: 'seats reconcile',
      };
      const { events, before } = await reconcileDate(runtime, sources, context, date, new Set(), runtime.clock.now());
      if (events.length === 0) continue;
      runtime.logger.warn(
        { date, released: released(events, before), reserved: reserved(events) },
        "seats repaired: the day's holds now agree with their bookings and events",
      );
    }
  }
}

const released = (events: SeatingEvent[], before: Record<string, { partySize: number }>) =>
  events.flatMap((e) =>
    e.type === 'SeatsReleased' ? [{ bookingId: e.data.bookingId, seats: before[e.data.bookingId]?.partySize ?? 0 }] : [],
  );

const reserved = (events: SeatingEvent[]) =>
  events.flatMap((e) => (e.type === 'SeatsReserved' ? [{ bookingId: e.data.bookingId, seats: e.data.partySize, time: e.data.time }] : []));

/** The feature's start: the reconciler runs where the projections run (one per deployment), over `sources`. */
export function startSeatReconciler(sources: readonly (SeatSource | EventSeatSource)[]): NonNullable<Feature['start']> {
  return async (runtime) => {
    if (!runtime.engine) return;
    const reconciler = new SeatReconciler({ ...runtime, logger: runtime.logger.child({ feature: 'seating' }) }, sources);
    const task = startPeriodic(runtime, 'seats reconcile', INTERVAL_MS, () => reconciler.pass());
    tasks.set(runtime, task);
    return async () => {
      tasks.delete(runtime);
      await task.stop();
    };
  };
}
