import type { UserEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

export interface UserDoc {
  _id: string;
  [key: string]: unknown;
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** users read model: created at the first sign-in, refreshed at every later one, blanked by `forget`. */
export const usersProjection = defineProjection<UserDoc>({
  name: 'users',
  handles: ['UserSignedIn', 'UserPersonalDataErased'],
  documentIds: (event) => [(event.data as UserEvent['data']).userId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as UserEvent;
    switch (e.type) {
      case 'UserSignedIn':
        return {
          _id: e.data.userId,
          id: e.data.userId,
          email: e.data.email,
          firstName: e.data.firstName,
          lastName: e.data.lastName,
          profileImageUrl: e.data.profileImageUrl,
          createdAt: doc?.createdAt ?? event.metadata.occurredAt,
          updatedAt: event.metadata.occurredAt,
        };
      case 'UserPersonalDataErased':
        if (!doc) return null;
        return { ...doc, email: '', firstName: null, lastName: null, profileImageUrl: null, updatedAt: event.metadata.occurredAt };
    }
  },
});
