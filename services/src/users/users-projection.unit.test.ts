import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { usersProjection } from './users-projection.js';

const spec = projectionSpec(usersProjection);
const signIn = (at: string) => ({
  stream: 'user-sub-1',
  type: 'UserSignedIn',
  at,
  data: {
    userId: 'sub-1',
    email: 'gia@example.org',
    firstName: 'Gia',
    lastName: 'Rossi',
    profileImageUrl: null,
    issuer: 'https://id.example',
  },
});

describe('users read model', () => {
  it('given a sign-in, when the person is forgotten, then the account keeps its id and dates and nothing of the person', () => {
    spec
      .given([signIn('2026-11-20T18:00:00.000Z')])
      .when({
        stream: 'user-sub-1',
        type: 'UserPersonalDataErased',
        at: '2026-11-21T09:00:00.000Z',
        data: { userId: 'sub-1', guestKey: 'ref' },
      })
      .then((docs) => {
        expect(docs.get('sub-1')).toEqual({
          _id: 'sub-1',
          id: 'sub-1',
          email: '',
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          createdAt: '2026-11-20T18:00:00.000Z',
          updatedAt: '2026-11-21T09:00:00.000Z',
        });
      });
  });
  it('given nothing, when an unknown account is erased, then no document', () => {
    spec
      .given([])
      .when({ stream: 'user-sub-9', type: 'UserPersonalDataErased', data: { userId: 'sub-9', guestKey: 'ref' } })
      .then((docs) => expect(docs.size).toBe(0));
  });
});
