import type { Decider } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * A guest's place on a date's waitlist (waitlistEntry-<id>): who they are, sealed with their key as a
 * booking's details are (WaitlistJoined is in PERSONAL_DATA_EVENTS), and their erasure. Their place in
 * line and their offer are the date's (waitlist-day-decider.ts).
 */
export const waitlistEntryStream = (entryId: string) => streamName('waitlistEntry', entryId);

export interface WaitlistJoinedData {
  entryId: string;
  date: string;
  from: string;
  to: string;
  partySize: number;
  name: string;
  email: string;
  phone: string;
}

export type WaitlistEntryEvent =
  | { type: 'WaitlistJoined'; data: WaitlistJoinedData }
  | { type: 'WaitlistPersonalDataErased'; data: { entryId: string; date: string; guestKey: string } };

export const WAITLIST_ENTRY_EVENT_TYPES = ['WaitlistJoined', 'WaitlistPersonalDataErased'] as const;

export type WaitlistEntryCommand = { type: 'Join'; entry: WaitlistJoinedData } | { type: 'Erase'; guestKey: string };

export type WaitlistEntryStreamState = { status: 'none' } | { status: 'joined'; entry: WaitlistJoinedData; erased: boolean };

export const waitlistEntryDecider: Decider<WaitlistEntryStreamState, WaitlistEntryCommand, WaitlistEntryEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'WaitlistJoined':
        return { status: 'joined', entry: event.data, erased: false };
      case 'WaitlistPersonalDataErased':
        return state.status === 'joined' ? { ...state, erased: true } : state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Join':
        return state.status === 'none' ? [{ type: 'WaitlistJoined', data: command.entry }] : [];
      case 'Erase':
        if (state.status !== 'joined' || state.erased) return [];
        return [
          {
            type: 'WaitlistPersonalDataErased',
            data: { entryId: state.entry.entryId, date: state.entry.date, guestKey: command.guestKey },
          },
        ];
    }
  },
};
