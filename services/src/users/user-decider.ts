import type { UserEvent, UserProfile } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/** user-<id>, the id being the issuer's subject (stable per account, unlike the e-mail). */
export const userStream = (userId: string) => streamName('user', userId);

export type UserState = { status: 'unknown' } | { status: 'known'; profile: UserProfile; issuer: string };

export type UserCommand = { type: 'RecordSignIn'; profile: UserProfile; issuer: string };

/** Every sign-in is recorded: it is part of the audit trail and refreshes the profile. */
export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ status: 'unknown' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'UserSignedIn': {
        const { issuer, ...profile } = event.data;
        return { status: 'known', profile, issuer };
      }
    }
  },
  decide: (command) => {
    switch (command.type) {
      case 'RecordSignIn':
        return [{ type: 'UserSignedIn', data: { ...command.profile, issuer: command.issuer } }];
    }
  },
};
