import {
  OFFER_EXPIRED_MESSAGE,
  OFFER_NOT_FOUND,
  OFFER_PASSED_MESSAGE,
  OFFER_TAKEN_MESSAGE,
  WAITLIST_ENTRY_NOT_FOUND,
  type ENTRY_STATUSES,
  type OFFER_STATUSES,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * A date's evening waitlist (waitlistDay-<date>): the order of its entries and every offer made on it. No
 * personal data: the guests' contacts are on their entries' own streams (waitlist-entry.ts). One stream per
 * date makes "never two live offers for the same entry, an offer never made twice" one decision, and its
 * offers' holds are on the day's seats in the same append.
 */
export const waitlistDayStream = (date: string) => streamName('waitlistDay', date);

export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export interface WaitlistEntryState {
  entryId: string;
  partySize: number;
  from: string;
  to: string;
  joinedAt: string;
  status: EntryStatus;
  offerId?: string;
}

export interface OfferState {
  offerId: string;
  entryId: string;
  time: string;
  partySize: number;
  /** ISO instant. */
  holdUntil: string;
  tables?: string[];
  status: OfferStatus;
  bookingId?: string;
}

export interface WaitlistDayState {
  /** In the order they joined. */
  entries: WaitlistEntryState[];
  offers: Record<string, OfferState>;
  /** The date has passed: every entry still waiting expired. */
  ended: boolean;
}

export type WaitlistDayEvent =
  | { type: 'EntryListed'; data: { date: string; entryId: string; partySize: number; from: string; to: string; joinedAt: string } }
  /** The guest left through their link (a live offer of theirs ends with it). */
  | { type: 'EntryLeft'; data: { date: string; entryId: string } }
  | {
      type: 'OfferMade';
      data: { date: string; offerId: string; entryId: string; time: string; partySize: number; holdUntil: string; tables?: string[] };
    }
  | { type: 'OfferTaken'; data: { date: string; offerId: string; entryId: string; bookingId: string } }
  /** The guest let the offer go: their place ends with it. */
  | { type: 'OfferPassed'; data: { date: string; offerId: string; entryId: string } }
  /** Not taken in time: their place ends (OFFER_EXPIRED_MESSAGE), the next fitting entry may get the seats. */
  | { type: 'OfferExpired'; data: { date: string; offerId: string; entryId: string } }
  | { type: 'WaitlistDayEnded'; data: { date: string } };

export const WAITLIST_DAY_EVENT_TYPES = [
  'EntryListed',
  'EntryLeft',
  'OfferMade',
  'OfferTaken',
  'OfferPassed',
  'OfferExpired',
  'WaitlistDayEnded',
] as const;

export type WaitlistDayCommand =
  | { type: 'ListEntry'; date: string; entryId: string; partySize: number; from: string; to: string; joinedAt: string }
  | { type: 'LeaveEntry'; date: string; entryId: string }
  | { type: 'MakeOffer'; date: string; offerId: string; entryId: string; time: string; holdUntil: string; tables?: string[] }
  | { type: 'TakeOffer'; date: string; offerId: string; bookingId: string }
  | { type: 'PassOffer'; date: string; offerId: string }
  | { type: 'ExpireOffers'; date: string; now: Date }
  | { type: 'EndDay'; date: string };

const live = (entry: WaitlistEntryState) => entry.status === 'waiting' || entry.status === 'offered';

/** The entries waiting for an offer, in order: the first that fits gets the next one. */
export const waitingEntries = (state: WaitlistDayState) => state.entries.filter((e) => e.status === 'waiting');

/** Offers held now (not yet taken, passed or expired). */
export const liveOffers = (state: WaitlistDayState) => Object.values(state.offers).filter((o) => o.status === 'offered');

/** An offer's hold is over at holdUntil. */
export const offerLapsed = (offer: OfferState, now: Date) => Date.parse(offer.holdUntil) <= now.getTime();

function offerOf(state: WaitlistDayState, offerId: string): OfferState {
  const offer = state.offers[offerId];
  if (!offer) throw new NotFound(OFFER_NOT_FOUND);
  return offer;
}

const setEntry = (entries: WaitlistEntryState[], entryId: string, change: Partial<WaitlistEntryState>) =>
  entries.map((e) => (e.entryId === entryId ? { ...e, ...change } : e));

export const waitlistDayDecider: Decider<WaitlistDayState, WaitlistDayCommand, WaitlistDayEvent> = {
  initialState: () => ({ entries: [], offers: {}, ended: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'EntryListed': {
        const { date: _date, ...entry } = event.data;
        return { ...state, entries: [...state.entries, { ...entry, status: 'waiting' }] };
      }
      case 'EntryLeft': {
        const entry = state.entries.find((e) => e.entryId === event.data.entryId);
        const offer = entry?.offerId ? state.offers[entry.offerId] : undefined;
        const offers =
          offer?.status === 'offered' ? { ...state.offers, [offer.offerId]: { ...offer, status: 'passed' as const } } : state.offers;
        return { ...state, offers, entries: setEntry(state.entries, event.data.entryId, { status: 'left' }) };
      }
      case 'OfferMade': {
        const { date: _date, ...offer } = event.data;
        return {
          ...state,
          offers: { ...state.offers, [offer.offerId]: { ...offer, status: 'offered' } },
          entries: setEntry(state.entries, offer.entryId, { status: 'offered', offerId: offer.offerId }),
        };
      }
      case 'OfferTaken':
      case 'OfferPassed':
      case 'OfferExpired': {
        const { offerId, entryId } = event.data;
        const offer = state.offers[offerId];
        if (!offer) return state;
        const [status, entryStatus] =
          event.type === 'OfferTaken'
            ? (['taken', 'booked'] as const)
            : event.type === 'OfferPassed'
              ? (['passed', 'left'] as const)
              : (['expired', 'expired'] as const);
        const bookingId = event.type === 'OfferTaken' ? { bookingId: event.data.bookingId } : {};
        return {
          ...state,
          offers: { ...state.offers, [offerId]: { ...offer, status, ...bookingId } },
          entries: setEntry(state.entries, entryId, { status: entryStatus }),
        };
      }
      case 'WaitlistDayEnded': {
        const offers = Object.fromEntries(
          Object.entries(state.offers).map(([id, o]) => [id, o.status === 'offered' ? { ...o, status: 'expired' as const } : o]),
        );
        return { ended: true, offers, entries: state.entries.map((e) => (live(e) ? { ...e, status: 'expired' as const } : e)) };
      }
    }
  },
  decide: (command, state) => {
    const { date } = command;
    switch (command.type) {
      case 'ListEntry': {
        if (state.entries.some((e) => e.entryId === command.entryId)) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'EntryListed', data }];
      }
      case 'LeaveEntry': {
        const entry = state.entries.find((e) => e.entryId === command.entryId);
        if (!entry) throw new NotFound(WAITLIST_ENTRY_NOT_FOUND);
        if (entry.status === 'left') return [];
        if (!live(entry)) throw new Conflict(WAITLIST_ENTRY_NOT_FOUND);
        return [{ type: 'EntryLeft', data: { date, entryId: entry.entryId } }];
      }
      case 'MakeOffer': {
        const entry = state.entries.find((e) => e.entryId === command.entryId);
        // An entry gets one offer, ever: made again (a retry) it decides nothing.
        if (!entry || entry.status !== 'waiting' || state.offers[command.offerId] || state.ended) return [];
        const { type: _type, ...offer } = command;
        return [{ type: 'OfferMade', data: { ...offer, partySize: entry.partySize } }];
      }
      case 'TakeOffer': {
        const offer = offerOf(state, command.offerId);
        if (offer.status === 'taken') throw new Conflict(OFFER_TAKEN_MESSAGE);
        if (offer.status === 'passed') throw new Conflict(OFFER_PASSED_MESSAGE);
        // Booked through the reservation path already: an expiry meanwhile does not undo a booking made.
        return [{ type: 'OfferTaken', data: { date, offerId: offer.offerId, entryId: offer.entryId, bookingId: command.bookingId } }];
      }
      case 'PassOffer': {
        const offer = offerOf(state, command.offerId);
        if (offer.status === 'taken') throw new Conflict(OFFER_TAKEN_MESSAGE);
        if (offer.status === 'expired') throw new Conflict(OFFER_EXPIRED_MESSAGE);
        if (offer.status === 'passed') return [];
        return [{ type: 'OfferPassed', data: { date, offerId: offer.offerId, entryId: offer.entryId } }];
      }
      case 'ExpireOffers':
        return liveOffers(state)
          .filter((o) => offerLapsed(o, command.now))
          .map((o) => ({ type: 'OfferExpired', data: { date, offerId: o.offerId, entryId: o.entryId } }));
      case 'EndDay':
        return state.ended ? [] : [{ type: 'WaitlistDayEnded', data: { date } }];
    }
  },
};
