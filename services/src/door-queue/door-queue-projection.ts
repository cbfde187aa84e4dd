import { PERSONAL_DATA_ERASED } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { DOOR_QUEUE_EVENT_TYPES, type DoorQueueEvent, type QueueStatus } from './door-queue-decider.js';
import { GUEST_MESSAGE_EVENT_TYPES, type GuestMessageEvent, type MessageKind } from './message-claims.js';

export type MessageState = 'pending' | 'claimed' | 'sent' | 'failed' | 'skipped';

/**
 * door_queue: one document per party at the door (by its id, indexed by date): what staff's list, the
 * guest's page, the estimates, the message outbox and the reports read. The contact (name, e-mail, phone,
 * note) is blanked when the guest is forgotten; size, times and status stay.
 */
export interface DoorQueueDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  partySize: number;
  status: QueueStatus;
  /** ISO instants. */
  addedAt: string;
  quotedMinutes: number;
  readyAt: string | null;
  readyUntil: string | null;
  tables: string[];
  bookingId: string | null;
  seatedAt: string | null;
  goneAt: string | null;
  erased: boolean;
  /** The guest messages its events asked for, by message id (the asking event's id): the outbox. */
  messages: Record<string, { kind: MessageKind; state: MessageState; channel?: string }>;
  /** Some message still waits to be claimed (the outbox's pass reads only these). */
  pending: boolean;
}

export const DOOR_QUEUE_DATE_INDEX = { name: 'date', key: { date: 1, _id: 1 } } as const;

const withMessage = (doc: DoorQueueDoc, id: string, kind: MessageKind, state: MessageState, channel?: string): DoorQueueDoc => {
  const messages = { ...doc.messages, [id]: { kind, state, ...(channel ? { channel } : {}) } };
  return { ...doc, messages, pending: Object.values(messages).some((m) => m.state === 'pending') };
};

export const doorQueueProjection = defineProjection<DoorQueueDoc>({
  name: 'door_queue',
  onDisk: true,
  indexes: [DOOR_QUEUE_DATE_INDEX],
  handles: [...DOOR_QUEUE_EVENT_TYPES, ...GUEST_MESSAGE_EVENT_TYPES],
  documentIds: (event) => [(event.data as { partyId: string }).partyId],
  evolve: (doc, recorded, id) => {
    const event = { type: recorded.type, data: recorded.data } as DoorQueueEvent | GuestMessageEvent;
    if (event.type === 'PartyQueued') {
      const d = event.data;
      const queued: DoorQueueDoc = {
        _id: id,
        date: d.date,
        name: d.name,
        email: d.email,
        phone: d.phone,
        note: d.note,
        partySize: d.partySize,
        status: 'waiting',
        addedAt: d.at,
        quotedMinutes: d.quotedMinutes,
        readyAt: null,
        readyUntil: null,
        tables: [],
        bookingId: null,
        seatedAt: null,
        goneAt: null,
        erased: false,
        messages: {},
        pending: false,
      };
      return withMessage(queued, recorded.id, 'queued', 'pending');
    }
    if (!doc) return null;
    switch (event.type) {
      case 'TableReadySent': {
        const { readyUntil, tables, at } = event.data;
        return withMessage({ ...doc, status: 'ready', readyAt: at, readyUntil, tables }, recorded.id, 'ready', 'pending');
      }
      case 'PartySeated':
        return { ...doc, status: 'seated', bookingId: event.data.bookingId, tables: event.data.tables, seatedAt: event.data.at };
      case 'PartyGone':
        return { ...doc, status: 'gone', goneAt: event.data.at };
      case 'DoorQueuePersonalDataErased':
        return { ...doc, erased: true, name: PERSONAL_DATA_ERASED, email: '', phone: '', note: '' };
      case 'GuestMessageClaimed':
        return withMessage(doc, event.data.messageId, event.data.kind, 'claimed', event.data.channel);
      case 'GuestMessageSkipped':
        return withMessage(doc, event.data.messageId, event.data.kind, 'skipped');
      case 'GuestMessageSent':
      case 'GuestMessageFailed': {
        const known = doc.messages[event.data.messageId];
        if (!known) return doc;
        const state = event.type === 'GuestMessageSent' ? 'sent' : 'failed';
        return withMessage(doc, event.data.messageId, known.kind, state, known.channel);
      }
    }
  },
});
