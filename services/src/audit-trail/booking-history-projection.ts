import {
  actorLabel,
  tableMoveText,
  type BookingHistory,
  type PartyBookingEvent,
  type ReminderEvent,
  type ReservationEvent,
  BOOKING_EVENT_TYPES,
  REMINDER_EVENT_TYPES,
  PERSONAL_DATA_ERASED,
  bookingOf,
  erasedValue,
  withoutPersonalData,
  type SeatingEvent,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { kindDocId } from '../platform/projections/kind-doc-id.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { applyChanges, copyDetails } from '../booking-rules/index.js';

/** One entry of a booking's History as stored (historyEntrySchema), less the café-time `when` the route adds. */
export type HistoryEntryDoc = Omit<BookingHistory['events'][number], 'when'>;
export type HistoryChange = HistoryEntryDoc['changes'][number];

/**
 * booking_history: the audit view, one document per booking. It outlives cancellation (the booking
 * leaves every list, its history stays). `snapshot` holds the booking as of the last event so each
 * entry can say what changed from what.
 */
export interface BookingHistoryDoc {
  _id: string;
  [key: string]: unknown;
  kind: 'reservation' | 'party';
  id: string;
  active: boolean;
  snapshot: Record<string, unknown>;
  entries: HistoryEntryDoc[];
  /** The tables it sits at on a floor, as the last move or placement left it (not part of `snapshot`, so no diff shows it twice). */
  tables?: string[];
}

export const historyDocId = (kind: BookingHistoryDoc['kind'], id: string) => kindDocId(kind, id);

const WHAT: Record<string, string> = {
  ReservationChanged: 'Reservation changed',
  ReservationCancelled: 'Reservation cancelled',
  PartyBookingRequested: 'Party booking requested',
  PartyBookingDetailsChanged: 'Party booking details changed',
  PartyBookingApproved: 'Party booking approved',
  PartyBookingRejected: 'Party booking rejected',
  PartyBookingNotesChanged: 'Admin notes changed',
  PartyBookingCancelled: 'Party booking cancelled',
  PartyBookingReturnedToPending: 'Waiting for approval again: the guest made it larger or moved it (the approved booking stays held)',
  PartyBookingChangeDeclined: 'Guest’s change rejected: approved as it was',
};

const REMINDER_TYPES = new Set<string>(REMINDER_EVENT_TYPES);
const isReminder = (type: string) => REMINDER_TYPES.has(type);

/** A booking's tables and stay change on its day's stream (seating-<date>): a move by staff, a floor's placement, a longer stay. */
const TABLE_EVENT_TYPES = ['TablesAssigned', 'StayChanged'] as const;
const TABLE_TYPES = new Set<string>(TABLE_EVENT_TYPES);
const isTableEvent = (type: string) => TABLE_TYPES.has(type);
/** Entries from another stream than the booking's own: their versions are that stream's revisions. */
const fromOtherStream = (type: string) => isReminder(type) || isTableEvent(type);

const REMINDER_WHAT: Record<Exclude<ReminderEvent['type'], 'ReminderClaimed'>, string> = {
  ReminderSent: 'Reminder e-mail sent',
  ReminderFailed: 'Reminder e-mail failed',
  ReminderAbandoned: 'Reminder e-mail not sent',
};

export const bookingHistoryProjection = defineProjection<BookingHistoryDoc>({
  name: 'booking_history',
  // The largest read model (every change of every booking), read one booking at a time.
  onDisk: true,
  // The reminder's outcome too, from its own stream (reminders/reminder-decider.ts).
  handles: [...BOOKING_EVENT_TYPES, ...REMINDER_EVENT_TYPES, ...TABLE_EVENT_TYPES],
  documentIds: (event) => {
    // The day's stream names the booking, not its kind: the one of the two that has a history takes it.
    if (isTableEvent(event.type)) {
      const { bookingId } = event.data as { bookingId: string };
      return [historyDocId('reservation', bookingId), historyDocId('party', bookingId)];
    }
    if (isReminder(event.type)) {
      const { kind, bookingId } = event.data as ReminderEvent['data'];
      // A game night sign-up's reminder is no booking's history.
      return kind === 'eventSignUp' ? [] : [historyDocId(kind, bookingId)];
    }
    const { kind, id } = bookingOf(event);
    return [historyDocId(kind, id)];
  },
  evolve: (doc, event, docId) => {
    if (isTableEvent(event.type)) return doc && tableEntry(doc, { type: event.type, data: event.data } as TableEvent, event);
    if (isReminder(event.type)) {
      const r = { type: event.type, data: event.data } as ReminderEvent;
      // The claim is bookkeeping; the history shows the outcome.
      if (!doc || r.type === 'ReminderClaimed') return doc;
      const version = Number(event.revision);
      if (doc.entries.some((x) => isReminder(x.type) && x.version === version)) return doc;
      const entry: HistoryEntryDoc = {
        version,
        type: r.type,
        what: REMINDER_WHAT[r.type],
        at: event.metadata.occurredAt,
        by: actorLabel(event.metadata.actor),
        actorKind: event.metadata.actor.kind,
        changes: [],
        notes: r.type === 'ReminderFailed' ? r.data.error : r.type === 'ReminderAbandoned' ? r.data.reason : null,
        correlationId: event.metadata.correlationId,
      };
      return { ...doc, entries: [...doc.entries, entry] };
    }
    const e = { type: event.type, data: event.data } as ReservationEvent | PartyBookingEvent;
    const { reservationId, partyBookingId } = e.data as { reservationId?: string; partyBookingId?: string };
    const kind = reservationId !== undefined ? 'reservation' : 'party';
    const current: BookingHistoryDoc = doc ?? {
      _id: docId,
      kind,
      id: (reservationId ?? partyBookingId)!,
      active: true,
      snapshot: {},
      entries: [],
    };
    // Replays are skipped by the engine; this guards a document rebuilt from a partial stream too.
    if (hasOwnEntry(current.entries, Number(event.revision))) return current;

    let what = WHAT[e.type] ?? e.type;
    // The snapshot as of this event: copied only where the event changes it field by field.
    let next: Record<string, unknown> = current.snapshot;
    let notes: string | null = null;
    let active = current.active;
    let entries = current.entries;
    switch (e.type) {
      case 'ReservationRequested':
        what = e.data.source === 'admin' ? 'Reservation added by staff' : 'Reservation requested';
        next = copyDetails(e.data, {}, 'source');
        break;
      case 'PartyBookingRequested':
        next = copyDetails(e.data, {}, 'source');
        next.status = 'pending';
        break;
      case 'ReservationChanged':
      case 'PartyBookingDetailsChanged':
        // applyChanges copies the snapshot itself (and skips the booking's id).
        next = applyChanges(current.snapshot, e.data);
        break;
      case 'PartyBookingApproved':
      case 'PartyBookingRejected':
        next = { ...current.snapshot };
        next.status = e.type === 'PartyBookingApproved' ? 'approved' : 'rejected';
        next.approvedBy = e.data.approvedBy;
        next.approvedAt = e.data.approvedAt;
        if (e.data.adminNotes) next.adminNotes = e.data.adminNotes;
        else delete next.adminNotes;
        notes = e.data.adminNotes ?? null;
        break;
      case 'PartyBookingNotesChanged':
        next = { ...current.snapshot };
        if (e.data.adminNotes) next.adminNotes = e.data.adminNotes;
        else delete next.adminNotes;
        notes = e.data.adminNotes;
        break;
      case 'PartyBookingReturnedToPending':
        next = { ...current.snapshot };
        next.status = 'pending';
        break;
      case 'PartyBookingChangeDeclined': {
        const { date, time, partySize, approvedBy, approvedAt } = e.data.restored;
        next = { ...current.snapshot, date, time, partySize, status: 'approved', approvedBy, approvedAt };
        if (e.data.adminNotes) next.adminNotes = e.data.adminNotes;
        else delete next.adminNotes;
        notes = e.data.adminNotes ?? null;
        break;
      }
      case 'ReservationCancelled':
      case 'PartyBookingCancelled':
        next = { ...current.snapshot };
        next.status = 'cancelled';
        active = false;
        if (e.data.closure) {
          // Cancelled because staff closed its date: the block's reason is the note.
          what = `${WHAT[e.type]}: café closed`;
          notes = e.data.closure.reason;
        }
        break;
      case 'ReservationPersonalDataErased':
      case 'PartyBookingPersonalDataErased':
        // Earlier entries said what the name or phone changed from and to: those values go too.
        what = PERSONAL_DATA_ERASED;
        next = withoutPersonalData(next);
        entries = entries.map((entry) => ({ ...entry, changes: entry.changes.map(erasedChange) }));
        break;
    }
    const entry: HistoryEntryDoc = {
      version: Number(event.revision),
      type: e.type,
      what,
      at: event.metadata.occurredAt,
      by: actorLabel(event.metadata.actor),
      actorKind: event.metadata.actor.kind,
      changes: what === PERSONAL_DATA_ERASED ? [] : diff(current.snapshot, next),
      notes,
      correlationId: event.metadata.correlationId,
    };
    return { ...current, active, snapshot: next, entries: [...entries, entry] };
  },
});

type TableEvent = Extract<SeatingEvent, { type: (typeof TABLE_EVENT_TYPES)[number] }>;

/**
 * A table move ("Table: 4 → 7", "Tables: 6 + 7 → 9"; a floor's placement from "none") or a stay made
 * longer or shorter, on the booking's History; `tables` on the document is what it sits at now.
 */
function tableEntry(doc: BookingHistoryDoc, e: TableEvent, event: RecordedEvent): BookingHistoryDoc {
  const version = Number(event.revision);
  if (doc.entries.some((x) => x.type === e.type && x.version === version && x.at === event.metadata.occurredAt)) return doc;
  const moved = e.type === 'TablesAssigned';
  const what = moved
    ? `${tableMoveText(e.data.from, e.data.tables)}${e.data.by === 'floor' ? ' (floor set)' : ''}`
    : `Stay: ${e.data.from} → ${e.data.holdingMinutes} minutes`;
  const entry: HistoryEntryDoc = {
    version,
    type: e.type,
    what,
    at: event.metadata.occurredAt,
    by: actorLabel(event.metadata.actor),
    actorKind: event.metadata.actor.kind,
    // `what` already says from and to; a field change would show the same line twice.
    changes: [],
    notes: moved && e.data.forced ? 'Moved past a table rule staff were warned of' : null,
    correlationId: event.metadata.correlationId,
  };
  return { ...doc, ...(moved ? { tables: e.data.tables } : {}), entries: [...doc.entries, entry] };
}

const PERSONAL_FIELDS = new Set(['name', 'email', 'phone', 'specialRequests']);

function erasedChange(change: HistoryChange): HistoryChange {
  if (!PERSONAL_FIELDS.has(change.field)) return change;
  return { field: change.field, from: erasedValue(change.field) ?? null, to: erasedValue(change.field) ?? null };
}

/** An entry of the booking's own stream at this version (a replay over a partial stream). */
function hasOwnEntry(entries: readonly HistoryEntryDoc[], version: number): boolean {
  for (let i = 0; i < entries.length; i++) if (entries[i]!.version === version && !fromOtherStream(entries[i]!.type)) return true;
  return false;
}

const FIELD_ORDER = [
  'status',
  'name',
  'email',
  'phone',
  'eventType',
  'partySize',
  'date',
  'time',
  'specialRequests',
  'adminNotes',
  'approvedBy',
  'approvedAt',
];

/** Fields that differ, in FIELD_ORDER and then by name; without a Set and a sort per event (replay's hottest code). */
function diff(before: Record<string, unknown>, after: Record<string, unknown>): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const field of FIELD_ORDER) {
    if (before[field] !== after[field]) changes.push({ field, from: before[field] ?? null, to: after[field] ?? null });
  }
  let others: string[] | null = null;
  for (const record of [before, after]) {
    for (const field in record) {
      if (!KNOWN_FIELDS.has(field) && before[field] !== after[field] && !others?.includes(field)) (others ??= []).push(field);
    }
  }
  for (const field of others?.sort((a, b) => a.localeCompare(b)) ?? []) {
    changes.push({ field, from: before[field] ?? null, to: after[field] ?? null });
  }
  return changes;
}

const KNOWN_FIELDS = new Set(FIELD_ORDER);
