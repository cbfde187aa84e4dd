import { randomUUID } from 'node:crypto';
import { todayIn, type EventOccurrenceEvent, type SignUpRef } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { StaleVersion } from '../platform/commands/domain-errors.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { startPeriodic, type PeriodicTask } from '../platform/runtime/periodic-task.js';
import { bookingPolicy, loadDay } from '../cafe-day/index.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';
import { signUpDecider } from './sign-up-decider.js';
import { promoteSignUps, signUpSpec } from './sign-up-commands.js';
import { holdEventSeats, placesSeatsAllow, seatsFollowPlaces } from './event-seats.js';
import { occurrencesProjection, signUpsProjection, type OccurrenceDoc, type SignUpDoc } from './sign-ups-projection.js';

/**
 * A game night's places, as seats have `ops seats reconcile`: a date's occurrence made to agree with its
 * sign-ups' own streams. A cancel whose later streams never landed (a crash, or a decision half-applied
 * on a store that appends stream by stream) leaves the occurrence holding the places of a cancelled
 * sign-up and its waitlist waiting: they are given back, and the waitlist promoted as a cancel would
 * (each promoted guest told on their stream, so mailed; the event's seats follow). A sign-up the
 * occurrence promoted whose stream still says waitlisted is told. Places taken moments ago for a sign-up
 * not stored yet (a command in flight) are left alone. Runs where the projections run, a few dates per
 * tick; each repair is logged.
 */

const INTERVAL_MS = 60_000;
const OCCURRENCES_PER_TICK = 10;
/** Places newer than this whose sign-up's stream does not exist are a sign-up being made, not a leftover. */
const IN_FLIGHT_MS = 2 * 60_000;
const ATTEMPTS = 20;

export interface PlacesRepair {
  /** Sign-ups whose places (or place on the waitlist) were given back. */
  released: string[];
  /** Waitlisted sign-ups promoted into the places given back. */
  promoted: string[];
  /** Sign-ups the occurrence had promoted, now told on their own stream. */
  told: string[];
}

/** One date of an event made to agree with its sign-ups, with the occurrence's expected revision: a sign-up landing meanwhile makes it decide again. */
export async function reconcilePlaces(
  runtime: CommandRuntime,
  eventId: string,
  date: string,
  context: CommandContext,
): Promise<PlacesRepair> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { value } = await runPipeline(withoutWaiting(runtime), context, (tx) => decidePlaces(runtime, tx, eventId, date));
      return value;
    } catch (error) {
      if (!(error instanceof StaleVersion) || attempt >= ATTEMPTS) throw error;
    }
  }
}

async function decidePlaces(runtime: CommandRuntime, tx: CommandTx, eventId: string, date: string): Promise<PlacesRepair> {
  // When each sign-up took its place: read from the log, as the seats' reconcile reads a day's holds.
  const history = await runtime.eventStore.readStream(occurrenceStream(eventId, date));
  const occurrence = await tx.load(streamOf(occurrenceDecider, occurrenceStream(eventId, date), { expectedVersion: history.length - 1 }));
  const { confirmed, waitlist } = occurrence.state;
  const stale: { ref: SignUpRef; waiting: boolean }[] = [];
  const told: string[] = [];
  for (const [held, waiting] of [...waitlist.map((h) => [h, true] as const), ...confirmed.map((h) => [h, false] as const)]) {
    const signUp = await tx.load(signUpSpec(held.signUpId));
    const { status } = signUp.state;
    const ref = { signUpId: held.signUpId, eventId, date };
    if (status === 'cancelled' || (status === 'none' && !placedRecently(history, held.signUpId, tx.time.now))) stale.push({ ref, waiting });
    else if (status === 'waitlisted' && !waiting) {
      tx.append(signUp, signUpDecider.decide({ type: 'PromoteSignUp' }, signUp.state, tx.time));
      told.push(held.signUpId);
    }
  }
  if (stale.length === 0) return { released: [], promoted: [], told };
  const loaded = await tx.load(streamOf(cafeEventDecider, cafeEventStream(eventId)));
  const event = loaded.state.status === 'scheduled' ? loaded.state.event : null;
  const { seating } = await bookingPolicy(tx);
  const day = await loadDay(tx, date);
  // A removed event or a closed day promotes nobody, as a cancel would not.
  const capacity = day.state.status === 'closed' ? 0 : (event?.maxAttendees ?? 0);
  const seats = placesSeatsAllow(day.state, eventId, event, seating);
  // The waiting ones go first, so none of them is promoted into a place just to be given back.
  let state = occurrence.state;
  const decided: EventOccurrenceEvent[] = [];
  for (const { ref } of stale) {
    const events = occurrenceDecider.decide({ type: 'ReleaseSignUp', ref, capacity, seats }, state, tx.time);
    state = events.reduce(occurrenceDecider.evolve, state);
    decided.push(...events);
  }
  tx.append(occurrence, decided);
  const promoted = await promoteSignUps(tx, decided);
  if (state.taken !== occurrence.state.taken && seatsFollowPlaces(event))
    await holdEventSeats(tx, seating, eventId, event, date, state.taken);
  return { released: stale.map(({ ref }) => ref.signUpId), promoted, told };
}

/** The sign-up took its place (or joined the waitlist) less than IN_FLIGHT_MS ago. */
function placedRecently(history: readonly RecordedEvent[], signUpId: string, now: Date): boolean {
  const placed = history.filter((e) => (e.data as { signUpId?: string }).signUpId === signUpId).at(-1);
  return placed !== undefined && now.getTime() - Date.parse(placed.metadata.occurredAt) < IN_FLIGHT_MS;
}

/** The read models agree: the confirmed sign-ups' places are the places taken, the waitlisted ones the waitlist. */
function readModelsAgree(occurrence: OccurrenceDoc, signUps: SignUpDoc[]): boolean {
  const taken = signUps.filter((s) => s.status === 'confirmed').reduce((sum, s) => sum + s.places, 0);
  const waiting = signUps.filter((s) => s.status === 'waitlisted').map((s) => s._id);
  return (
    taken === occurrence.placesTaken &&
    waiting.length === occurrence.waitlist.length &&
    waiting.every((id) => occurrence.waitlist.includes(id))
  );
}

/**
 * Each tick, the next OCCURRENCES_PER_TICK dates from today on (round again once past the last); a date
 * whose read models agree (places taken, waitlist) costs two reads, one that does not is decided on its streams.
 */
export class PlacesReconciler {
  private offset = 0;

  constructor(
    private readonly runtime: Pick<Runtime, 'eventStore' | 'clock' | 'config' | 'readModels' | 'states' | 'logger' | 'documents'>,
    private readonly perTick = OCCURRENCES_PER_TICK,
  ) {}

  async pass(): Promise<void> {
    const { runtime } = this;
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    const occurrences = await runtime.documents
      .collection<OccurrenceDoc>(occurrencesProjection.name)
      .find({ date: { $gte: today } }, { sort: { date: 1 }, skip: this.offset, limit: this.perTick });
    this.offset = occurrences.length < this.perTick ? 0 : this.offset + occurrences.length;
    for (const occurrence of occurrences) {
      const { eventId, date } = occurrence;
      const signUps = await runtime.documents.collection<SignUpDoc>(signUpsProjection.name).find({ eventId, date });
      if (readModelsAgree(occurrence, signUps)) continue;
      const context: CommandContext = {
        actor: { kind: 'system', name: 'places reconcile' },
        correlationId: randomUUID(),
        causationId: 'places reconcile',
      };
      const repair = await reconcilePlaces(runtime, eventId, date, context);
      if (repair.released.length + repair.told.length === 0) continue;
      runtime.logger.warn({ eventId, date, ...repair }, "places repaired: the game night's places now agree with its sign-ups");
    }
  }
}

const tasks = new WeakMap<Runtime, PeriodicTask>();

/** The running reconciler of a runtime, if any (tests run a pass instead of waiting for the timer). */
export const placesReconcilerOf = (runtime: Runtime): PeriodicTask | undefined => tasks.get(runtime);

/** The feature's start: where the projections run (one per deployment). */
export const startPlacesReconciler: NonNullable<Feature['start']> = async (runtime) => {
  if (!runtime.engine) return;
  const reconciler = new PlacesReconciler({ ...runtime, logger: runtime.logger.child({ feature: 'cafe-events' }) });
  const task = startPeriodic(runtime, 'places reconcile', INTERVAL_MS, () => reconciler.pass());
  tasks.set(runtime, task);
  return async () => {
    tasks.delete(runtime);
    await task.stop();
  };
};
