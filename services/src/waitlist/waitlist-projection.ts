import { DEFAULT_OFFER_HOLD_MINUTES, PERSONAL_DATA_ERASED } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { defineProjection } from '../platform/projections/projection.js';
import { WAITLIST_DAY_EVENT_TYPES, type EntryStatus, type OfferStatus, type WaitlistDayEvent } from './waitlist-day-decider.js';
import { WAITLIST_ENTRY_EVENT_TYPES, type WaitlistEntryEvent } from './waitlist-entry.js';
import { WAITLIST_SETTINGS_EVENT_TYPES, type WaitlistSettingsEvent } from './waitlist-settings.js';

export interface WaitlistOfferDoc {
  offerId: string;
  time: string;
  holdUntil: string;
  status: OfferStatus;
  tables?: string[];
}

export interface WaitlistEntryDoc {
  entryId: string;
  name: string;
  email: string;
  phone: string;
  partySize: number;
  from: string;
  to: string;
  joinedAt: string;
  status: EntryStatus;
  offer: WaitlistOfferDoc | null;
  bookingId: string | null;
}

/**
 * waitlist: one document per date (its entries in the order they joined, each with its offer), and the
 * staff setting (`_id` 'settings', date ''). `active` while someone waits or holds an offer: the process
 * manager looks at those dates. An erased guest keeps their place, size and offer; their name reads erased.
 */
export interface WaitlistDayDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  entries: WaitlistEntryDoc[];
  active: boolean;
  offerHoldMinutes?: number;
}

export const SETTINGS_DOC_ID = 'settings';
export const BY_DATE_INDEX = { name: 'date', key: { date: 1 } } as const;

const blank = (date: string): WaitlistDayDoc => ({ _id: date, date, entries: [], active: false });
const stillActive = (entries: WaitlistEntryDoc[]) => entries.some((e) => e.status === 'waiting' || e.status === 'offered');

/** 1-based place among the date's waiting entries; null once it no longer waits. */
export const positionOf = (doc: Pick<WaitlistDayDoc, 'entries'>, entryId: string): number | null => {
  const waiting = doc.entries.filter((e) => e.status === 'waiting');
  const index = waiting.findIndex((e) => e.entryId === entryId);
  return index < 0 ? null : index + 1;
};

function withEntry(doc: WaitlistDayDoc, entryId: string, change: (entry: WaitlistEntryDoc) => WaitlistEntryDoc): WaitlistDayDoc {
  const entries = doc.entries.map((e) => (e.entryId === entryId ? change(e) : e));
  return { ...doc, entries, active: stillActive(entries) };
}

const newEntry = (entryId: string, joinedAt: string): WaitlistEntryDoc => ({
  entryId,
  name: '',
  email: '',
  phone: '',
  partySize: 0,
  from: '',
  to: '',
  joinedAt,
  status: 'waiting',
  offer: null,
  bookingId: null,
});

/** The entry, added when the first of its two events (joined on its stream, listed on the day's) arrives. */
function ensured(doc: WaitlistDayDoc, entryId: string, joinedAt: string): WaitlistDayDoc {
  if (doc.entries.some((e) => e.entryId === entryId)) return doc;
  return { ...doc, entries: [...doc.entries, newEntry(entryId, joinedAt)] };
}

function evolveDay(doc: WaitlistDayDoc, event: WaitlistDayEvent | WaitlistEntryEvent, at: string): WaitlistDayDoc {
  switch (event.type) {
    case 'WaitlistJoined': {
      const { entryId, name, email, phone, partySize, from, to } = event.data;
      return withEntry(ensured(doc, entryId, at), entryId, (e) => ({ ...e, name, email, phone, partySize, from, to }));
    }
    case 'EntryListed': {
      const { entryId, partySize, from, to, joinedAt } = event.data;
      return withEntry(ensured(doc, entryId, joinedAt), entryId, (e) => ({ ...e, partySize, from, to, joinedAt }));
    }
    case 'WaitlistPersonalDataErased':
      return withEntry(doc, event.data.entryId, (e) => ({ ...e, name: PERSONAL_DATA_ERASED, email: '', phone: '' }));
    case 'EntryLeft':
      return withEntry(doc, event.data.entryId, (e) => ({
        ...e,
        status: 'left',
        offer: e.offer?.status === 'offered' ? { ...e.offer, status: 'passed' } : e.offer,
      }));
    case 'OfferMade': {
      const { offerId, time, holdUntil, tables } = event.data;
      const offer: WaitlistOfferDoc = { offerId, time, holdUntil, status: 'offered', ...(tables ? { tables } : {}) };
      return withEntry(doc, event.data.entryId, (e) => ({ ...e, status: 'offered', offer }));
    }
    case 'OfferTaken':
      return withEntry(doc, event.data.entryId, (e) => ({
        ...e,
        status: 'booked',
        bookingId: event.data.bookingId,
        offer: e.offer && { ...e.offer, status: 'taken' },
      }));
    case 'OfferPassed':
      return withEntry(doc, event.data.entryId, (e) => ({ ...e, status: 'left', offer: e.offer && { ...e.offer, status: 'passed' } }));
    case 'OfferExpired':
      return withEntry(doc, event.data.entryId, (e) => ({ ...e, status: 'expired', offer: e.offer && { ...e.offer, status: 'expired' } }));
    case 'WaitlistDayEnded': {
      const entries = doc.entries.map((e) =>
        e.status === 'waiting' || e.status === 'offered'
          ? {
              ...e,
              status: 'expired' as const,
              offer: e.offer?.status === 'offered' ? { ...e.offer, status: 'expired' as const } : e.offer,
            }
          : e,
      );
      return { ...doc, entries, active: false };
    }
  }
}

export const waitlistProjection = defineProjection<WaitlistDayDoc>({
  name: 'waitlist',
  indexes: [BY_DATE_INDEX],
  handles: [...WAITLIST_ENTRY_EVENT_TYPES, ...WAITLIST_DAY_EVENT_TYPES, ...WAITLIST_SETTINGS_EVENT_TYPES],
  documentIds: (event: RecordedEvent) => {
    if (event.type === 'OfferHoldSet') return [SETTINGS_DOC_ID];
    const date = (event.data as { date?: string }).date;
    return date ? [date] : [];
  },
  evolve: (doc, recorded, docId) => {
    if (recorded.type === 'OfferHoldSet') {
      const { offerHoldMinutes } = (recorded as unknown as WaitlistSettingsEvent).data;
      return { ...(doc ?? blank('')), _id: SETTINGS_DOC_ID, date: '', offerHoldMinutes };
    }
    return evolveDay(doc ?? blank(docId), recorded as unknown as WaitlistDayEvent | WaitlistEntryEvent, recorded.metadata.occurredAt);
  },
});

/** Staff's offer hold setting as the read model has it. */
export const holdSettingOf = (doc: WaitlistDayDoc | null) => doc?.offerHoldMinutes ?? DEFAULT_OFFER_HOLD_MINUTES;
