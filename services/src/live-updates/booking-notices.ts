import {
  ARRIVAL_EVENT_TYPES,
  PARTY_BOOKING_EVENT_TYPES,
  RESERVATION_EVENT_TYPES,
  type LiveChange,
  type LiveChangeKind,
  type LiveNotice,
} from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { ReadModelChange } from '../platform/projections/read-model-changes.js';

function changeOf(type: string, created: string, cancelled: string): LiveChange['change'] {
  return type === created ? 'created' : type === cancelled ? 'cancelled' : 'changed';
}

/** What each booking event means on the dashboard; every other event is not a booking list's business. */
const MEANING = new Map<string, { kind: LiveChangeKind; change: LiveChange['change'] }>([
  ...RESERVATION_EVENT_TYPES.map(
    (type) => [type, { kind: 'reservation', change: changeOf(type, 'ReservationRequested', 'ReservationCancelled') }] as const,
  ),
  ...PARTY_BOOKING_EVENT_TYPES.map(
    (type) => [type, { kind: 'party', change: changeOf(type, 'PartyBookingRequested', 'PartyBookingCancelled') }] as const,
  ),
  // An arrival marked on one dashboard (arrived, no-show, a walk-in seated) shows on every other one.
  ...ARRIVAL_EVENT_TYPES.map(
    (type) => [type, { kind: type === 'ReservationArrivalMarked' ? 'reservation' : 'party', change: 'changed' }] as const,
  ),
  ['DateBlocked', { kind: 'blocked-date', change: 'created' }],
  ['DateUnblocked', { kind: 'blocked-date', change: 'changed' }],
]);

/** Who in general, never who exactly: an e-mail address must not leave in a notice. */
function byWhom(event: RecordedEvent): LiveChange['by'] {
  const kind = event.metadata.actor.kind;
  return kind === 'admin' || kind === 'system' || kind === 'guest' ? kind : 'visitor';
}

/** The guest's change a return to staff follows in the same decision (same stream, same request). */
const isChangeOf = (candidate: RecordedEvent, returned: RecordedEvent) =>
  candidate.type === 'PartyBookingDetailsChanged' &&
  candidate.streamId === returned.streamId &&
  candidate.metadata.correlationId === returned.metadata.correlationId;

/**
 * The dashboard's notice for a change of the read models, or null when no booking list changed.
 * Built from event types and actor kinds only: the events' data (names, e-mails, phones) is never read.
 */
export function bookingNotice(change: ReadModelChange): LiveNotice | null {
  const counts = new Map<string, LiveChange>();
  const readModels = new Set<string>();
  for (const { event, readModels: changed } of change.events) {
    const meaning = MEANING.get(event.type);
    if (!meaning) continue;
    for (const name of changed) readModels.add(name);
    // The guest's change that sent an approved party back to staff is already counted: one change, not two.
    if (event.type === 'PartyBookingReturnedToPending' && change.events.some(({ event: e }) => isChangeOf(e, event))) continue;
    const by = byWhom(event);
    const key = `${meaning.kind}/${meaning.change}/${by}`;
    const known = counts.get(key);
    if (known) known.count++;
    else counts.set(key, { ...meaning, by, count: 1 });
  }
  if (counts.size === 0) return null;
  return { position: change.position.toString(), readModels: [...readModels].sort(), changes: [...counts.values()] };
}
