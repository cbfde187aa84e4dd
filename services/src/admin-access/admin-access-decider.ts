import { ALREADY_WHITELISTED_MESSAGE, NOT_WHITELISTED_MESSAGE, normalizeEmail, type AdminAccessEvent } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

/** One stream per e-mail, lower-cased so that Owner@X and owner@x are the same whitelist entry. */
export const adminAccessStream = (email: string) => streamName('adminAccess', normalizeEmail(email));

export type AdminAccessState =
  { status: 'never' } | { status: 'authorized'; entryId: string; email: string } | { status: 'revoked'; entryId: string; email: string };

export type AdminAccessCommand =
  /**
   * `seed` (ADMIN_EMAILS at start) authorizes only an e-mail that was never on the list: restarting
   * is idempotent and never brings back an address an admin removed on purpose.
   */
  { type: 'AuthorizeAdminEmail'; entryId: string; email: string; mode: 'explicit' | 'seed' } | { type: 'RevokeAdminEmail'; email: string };

export const adminAccessDecider: Decider<AdminAccessState, AdminAccessCommand, AdminAccessEvent> = {
  initialState: () => ({ status: 'never' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'AdminEmailAuthorized':
        return { status: 'authorized', entryId: event.data.entryId, email: event.data.email };
      case 'AdminEmailRevoked':
        return { status: 'revoked', entryId: event.data.entryId, email: event.data.email };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AuthorizeAdminEmail': {
        const email = normalizeEmail(command.email);
        if (command.mode === 'seed' && state.status !== 'never') return [];
        if (state.status === 'authorized') throw new Conflict(ALREADY_WHITELISTED_MESSAGE);
        return [{ type: 'AdminEmailAuthorized', data: { entryId: command.entryId, email } }];
      }
      case 'RevokeAdminEmail':
        if (state.status !== 'authorized') throw new NotFound(NOT_WHITELISTED_MESSAGE);
        return [{ type: 'AdminEmailRevoked', data: { entryId: state.entryId, email: state.email } }];
    }
  },
};
