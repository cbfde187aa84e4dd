import { addDays, cafeInstant, type ReminderEvent, type ReminderRef } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * The reminder of one booking, in its own stream reminder-<kind>-<id> (not the booking's: an append
 * there would move the version staff hold for If-Match, and their open edit dialog would get a 409).
 * The same protocol as the confirmation mails (notifications-reactor.ts): at most once (never twice; a
 * send cut off mid-way is never retried, so it may be lost):
 *   ReminderClaimed   appended BEFORE sending, with the revision just read: one process wins, one sends.
 *   ReminderSent      the mail server (or the outbox) took it. Terminal for that date.
 *   ReminderFailed    refused: nothing left, so a later run claims again, up to MAX_REMINDER_ATTEMPTS.
 *   ReminderAbandoned a claim found with no outcome (the process stopped mid-send: it may or may not
 *                     have left, so it is never resent), or the booking was cancelled meanwhile.
 * A booking moved to another day gets a reminder for its new date.
 */
export const reminderStream = (kind: ReminderRef['kind'], id: string) => streamName('reminder', `${kind}-${id}`);

export const MAX_REMINDER_ATTEMPTS = 3;

export type ReminderState =
  { status: 'none' } | { status: 'claimed' | 'sent' | 'failed' | 'abandoned'; ref: ReminderRef; attempts: number };

export type ReminderCommand =
  | {
      type: 'ClaimReminder';
      ref: ReminderRef;
      to: string;
      /** Only a confirmed booking (a reservation, an approved party) is reminded. */
      bookingConfirmed: boolean;
      /** Café-local HH:mm the reminders go out the day before (REMINDER_TIME). */
      reminderTime: string;
    }
  | { type: 'RecordReminderSent'; transport: string; messageId: string }
  | { type: 'RecordReminderFailed'; error: string }
  | { type: 'AbandonReminder'; reason: string };

export const reminderDecider: Decider<ReminderState, ReminderCommand, ReminderEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReminderClaimed': {
        const { to: _to, attempt, ...ref } = event.data;
        return { status: 'claimed', ref, attempts: attempt };
      }
      case 'ReminderSent':
        return state.status === 'none' ? state : { ...state, status: 'sent' };
      case 'ReminderFailed':
        return state.status === 'none' ? state : { ...state, status: 'failed' };
      case 'ReminderAbandoned':
        return state.status === 'none' ? state : { ...state, status: 'abandoned' };
    }
  },
  decide: (command, state, { now, today, zone }) => {
    switch (command.type) {
      case 'ClaimReminder': {
        const { ref } = command;
        // The day before the booking, from the reminder time on; never after that day, never unconfirmed.
        if (!command.bookingConfirmed || addDays(today, 1) !== ref.date) return [];
        if (now < cafeInstant(today, command.reminderTime, zone)) return [];
        const sameDate = state.status !== 'none' && state.ref.date === ref.date;
        if (sameDate && (state.status !== 'failed' || state.attempts >= MAX_REMINDER_ATTEMPTS)) return [];
        const attempt = sameDate ? state.attempts + 1 : 1;
        return [{ type: 'ReminderClaimed', data: { ...ref, to: command.to, attempt } }];
      }
      case 'RecordReminderSent':
        if (state.status !== 'claimed') throw new Conflict('No reminder is being sent');
        return [{ type: 'ReminderSent', data: { ...state.ref, transport: command.transport, messageId: command.messageId } }];
      case 'RecordReminderFailed':
        if (state.status !== 'claimed') throw new Conflict('No reminder is being sent');
        return [{ type: 'ReminderFailed', data: { ...state.ref, attempt: state.attempts, error: command.error.slice(0, 500) } }];
      case 'AbandonReminder':
        if (state.status !== 'claimed') return [];
        return [{ type: 'ReminderAbandoned', data: { ...state.ref, reason: command.reason } }];
    }
  },
};
