import {
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  cafeTimeOfDay,
  hasTables,
  openingHoursOf,
  slotsFor,
  stayMinutesFor,
  type Floor,
  minutesOf,
} from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import {
  FLOOR_DOC_ID,
  POLICY_ID,
  holdList,
  seatingProjection,
  type SeatingDayDoc,
  type SeatingDoc,
  type SeatingFloorDoc,
  type SeatingPolicyDoc,
} from '../cafe-day/index.js';
import { arrivalsOnDay } from '../arrivals/index.js';
import type { DoorQueueDoc } from './door-queue-projection.js';
import { ESTIMATE_HORIZON_MINUTES, estimateWaits, type Occupying, type QueuedParty } from './wait-estimator.js';

/**
 * The estimator fed from the read models (outside any decision: a quote is advice, not a rule): the day's
 * seating document (every booking's tables and stay, the floor, the capacity), who arrived, sat down or
 * left (arrivals), and the door queue itself. Ready parties go first (their table is being cleared for
 * them); the waiting follow in the order they came.
 */

/** A party still seated past its stay is taken to leave within this many minutes. */
const OVERSTAY_GRACE_MINUTES = 5;

export interface QueueEstimates {
  /** Minutes from now by party id (waiting and ready ones); capped at the horizon when nothing fits tonight. */
  minutes: Map<string, number>;
  /** 1-based place among the waiting. */
  positions: Map<string, number>;
  /** Parties the estimate puts past today's last seating: no table tonight. */
  noTableTonight: Set<string>;
}

/** The date's last seating (minutes of the day) from its opening hours; null when it has no slots. */
export function lastSeatingOf(policy: SeatingPolicyDoc | null, date: string): number | null {
  const last = slotsFor(date, openingHoursOf(policy?.hours ?? {})).at(-1);
  return last === undefined ? null : minutesOf(last);
}

/** In the order they came (ties by id, so two parties added in the same millisecond keep one order). */
export const inOrder = (parties: readonly DoorQueueDoc[]) =>
  [...parties].sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a._id.localeCompare(b._id));

export async function queueEstimates(
  documents: DocumentStore,
  zone: string,
  now: Date,
  date: string,
  parties: readonly DoorQueueDoc[],
  extra?: QueuedParty,
): Promise<QueueEstimates> {
  const seating = documents.collection<SeatingDoc>(seatingProjection.name);
  const [floorDoc, policy, day, arrivals] = await Promise.all([
    seating.get(FLOOR_DOC_ID) as Promise<SeatingFloorDoc | null>,
    seating.get(POLICY_ID) as Promise<SeatingPolicyDoc | null>,
    seating.get(date) as Promise<SeatingDayDoc | null>,
    arrivalsOnDay(documents, date),
  ]);
  const floor: Floor | null = hasTables(floorDoc?.floor) ? floorDoc!.floor : null;
  const holdingMinutes = policy?.holdingMinutes ?? DEFAULT_HOLDING_MINUTES;
  const at = minutesOf(cafeTimeOfDay(zone, now));
  const stayFor = (size: number) => (floor ? stayMinutesFor(floor.stays, size) : holdingMinutes);

  const occupying: Occupying[] = [];
  for (const hold of holdList(day?.holds)) {
    const arrival = arrivals.get(hold.bookingId)?.status;
    if (arrival === 'finished' || arrival === 'no-show') continue;
    const from = minutesOf(hold.time);
    let to = from + hold.holdingMinutes;
    if (arrival === 'arrived' || arrival === 'seated') to = Math.max(to, at + OVERSTAY_GRACE_MINUTES);
    if (to <= at) continue;
    occupying.push({ tables: hold.tables ?? [], partySize: hold.partySize, from, to });
  }
  const ordered = inOrder(parties);
  // A ready party told of particular tables sits there from now; one told of none goes first in line.
  for (const p of ordered) {
    if (p.status === 'ready' && p.tables.length > 0)
      occupying.push({ tables: p.tables, partySize: p.partySize, from: at, to: at + stayFor(p.partySize) });
  }
  const queue: QueuedParty[] = [
    ...ordered.filter((p) => p.status === 'ready' && p.tables.length === 0),
    ...ordered.filter((p) => p.status === 'waiting'),
  ].map((p) => ({ id: p._id, partySize: p.partySize }));
  if (extra) queue.push(extra);

  const estimates = estimateWaits({
    now: at,
    floor,
    capacity: policy?.capacity ?? DEFAULT_SEAT_CAPACITY,
    holdingMinutes,
    occupying,
    queue,
    stayFor,
  });
  const minutes = new Map(estimates.map((e) => [e.id, e.minutes ?? ESTIMATE_HORIZON_MINUTES]));
  for (const p of ordered) if (p.status === 'ready') minutes.set(p._id, 0);
  const positions = new Map(ordered.filter((p) => p.status === 'waiting').map((p, i) => [p._id, i + 1]));
  if (extra) positions.set(extra.id, positions.size + 1);
  const last = lastSeatingOf(policy, date);
  const noTableTonight = new Set(last === null ? [] : [...minutes].filter(([, m]) => at + m > last).map(([id]) => id));
  return { minutes, positions, noTableTonight };
}
