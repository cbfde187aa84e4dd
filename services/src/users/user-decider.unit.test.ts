import { describe, it } from 'vitest';
import type { UserEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { userDecider } from './user-decider.js';

const spec = deciderSpec(userDecider, WEDNESDAY);
const profile = { userId: 'sub-1', email: 'gia@example.org', firstName: 'Gia', lastName: null, profileImageUrl: null };
const signedIn: UserEvent = { type: 'UserSignedIn', data: { ...profile, issuer: 'https://id.example' } };
const erased: UserEvent = { type: 'UserPersonalDataErased', data: { userId: 'sub-1', guestKey: 'ref-1' } };

describe('user decider', () => {
  it('given nothing, when someone signs in, then UserSignedIn with their profile', () => {
    spec.given([]).when({ type: 'RecordSignIn', profile, issuer: 'https://id.example' }).then([signedIn]);
  });
  it('given a sign-in, when the person is forgotten, then UserPersonalDataErased under their key', () => {
    spec.given([signedIn]).when({ type: 'EraseUserPersonalData', guestKey: 'ref-1' }).then([erased]);
  });
  it('given an erased account, when forget runs again, then nothing', () => {
    spec.given([signedIn, erased]).when({ type: 'EraseUserPersonalData', guestKey: 'ref-1' }).then([]);
  });
  it('given an erased account, when the person signs in again, then they are known again and can be forgotten again', () => {
    spec
      .given([signedIn, erased, signedIn])
      .when({ type: 'EraseUserPersonalData', guestKey: 'ref-2' })
      .then([{ type: 'UserPersonalDataErased', data: { userId: 'sub-1', guestKey: 'ref-2' } }]);
  });
  it('given nothing, when forget names an account never seen, then nothing', () => {
    spec.given([]).when({ type: 'EraseUserPersonalData', guestKey: 'ref-1' }).then([]);
  });
});
