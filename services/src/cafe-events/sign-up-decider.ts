import {
  SIGN_UP_ALREADY_CANCELLED,
  type BookingClosure,
  SIGN_UP_CHECK_IN_NOT_CONFIRMED,
  SIGN_UP_NOT_FOUND,
  type EventSignUpEvent,
  type SignUpRef,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

/** A guest's sign-up for one date of an event, eventSignUp-<id>; its places are the occurrence's business. */
export const signUpStream = (id: string) => streamName('eventSignUp', id);

export interface SignUpGuest {
  name: string;
  email: string;
  phone: string;
}

export type SignUpState =
  | { status: 'none' }
  | {
      status: 'confirmed' | 'waitlisted' | 'cancelled';
      ref: SignUpRef;
      guest: SignUpGuest;
      places: number;
      checkedIn: boolean;
      erased: boolean;
    };

export type SignUpCommand =
  | { type: 'SignUp'; ref: SignUpRef; guest: SignUpGuest; places: number; status: 'confirmed' | 'waitlisted' }
  | { type: 'PromoteSignUp' }
  /** `closure`: staff closed the café that day (the sign-up's mail says why). */
  | { type: 'CancelSignUp'; by: 'guest' | 'staff'; closure?: BookingClosure }
  | { type: 'CheckInSignUp' }
  | { type: 'EraseSignUpPersonalData'; guestKey: string };

/** Cancelling a sign-up already cancelled: the guest's link answers it as gone (410), staff as a conflict. */
export class SignUpAlreadyCancelled extends Conflict {
  constructor() {
    super(SIGN_UP_ALREADY_CANCELLED);
  }
}

const ERASED_GUEST: SignUpGuest = { name: 'Personal data erased', email: '', phone: '' };

export const signUpDecider: Decider<SignUpState, SignUpCommand, EventSignUpEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'EventSignedUp') {
      const { signUpId, eventId, date, name, email, phone, places, status } = event.data;
      return { status, ref: { signUpId, eventId, date }, guest: { name, email, phone }, places, checkedIn: false, erased: false };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'EventSignUpPromoted':
        return { ...state, status: 'confirmed' };
      case 'EventSignUpCancelled':
        return { ...state, status: 'cancelled' };
      case 'EventSignUpCheckedIn':
        return { ...state, checkedIn: true };
      case 'EventSignUpPersonalDataErased':
        return { ...state, guest: ERASED_GUEST, erased: true };
    }
  },
  decide: (command, state) => {
    if (command.type === 'SignUp') {
      if (state.status !== 'none') throw new Conflict('This sign-up already exists');
      const { ref, guest, places, status } = command;
      return [{ type: 'EventSignedUp', data: { ...ref, ...guest, places, status } }];
    }
    if (state.status === 'none') throw new NotFound(SIGN_UP_NOT_FOUND);
    const { ref } = state;
    switch (command.type) {
      case 'PromoteSignUp':
        if (state.status !== 'waitlisted') throw new Conflict('Only a waitlisted sign-up can be promoted');
        return [{ type: 'EventSignUpPromoted', data: ref }];
      case 'CancelSignUp':
        if (state.status === 'cancelled') throw new SignUpAlreadyCancelled();
        return [
          {
            type: 'EventSignUpCancelled',
            data: { ...ref, by: command.by, was: state.status, ...(command.closure ? { closure: command.closure } : {}) },
          },
        ];
      case 'CheckInSignUp':
        if (state.status !== 'confirmed') throw new Conflict(SIGN_UP_CHECK_IN_NOT_CONFIRMED);
        return state.checkedIn ? [] : [{ type: 'EventSignUpCheckedIn', data: ref }];
      case 'EraseSignUpPersonalData':
        return state.erased
          ? []
          : [{ type: 'EventSignUpPersonalDataErased', data: { signUpId: ref.signUpId, guestKey: command.guestKey } }];
    }
  },
};
