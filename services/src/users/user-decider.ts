import type { UserEvent, UserProfile } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/** user-<id>, the id being the issuer's subject (stable per account, unlike the e-mail). */
export const userStream = (userId: string) => streamName('user', userId);

export type UserState =
  | { status: 'unknown' }
  | { status: 'known'; profile: UserProfile; issuer: string }
  /** Forgotten: the profile's fields are gone; a later sign-in makes the account known again. */
  | { status: 'erased'; userId: string };

export type UserCommand =
  { type: 'RecordSignIn'; profile: UserProfile; issuer: string } | { type: 'EraseUserPersonalData'; guestKey: string };

/** Every sign-in is recorded: it is part of the audit trail and refreshes the profile. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'unknown' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'UserSignedIn': {
        const { issuer, ...profile } = event.data;
        return { status: 'known', profile, issuer };
      }
      case 'UserPersonalDataErased':
        return { status: 'erased', userId: event.data.userId };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordSignIn':
        return [{ type: 'UserSignedIn', data: { ...command.profile, issuer: command.issuer } }];
      case 'EraseUserPersonalData':
        // Nothing to erase on an account never seen, or erased already (forget run again).
        if (state.status !== 'known') return [];
        return [{ type: 'UserPersonalDataErased', data: { userId: state.profile.userId, guestKey: command.guestKey } }];
    }
  },
};
