import { describe, expect, it } from 'vitest';
import type { ReminderEvent } from '@cafe/contracts';
import { deciderSpec } from '../../test/decider-spec.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { MAX_REMINDER_ATTEMPTS, reminderDecider, type ReminderCommand } from './reminder-decider.js';

/** Friday 2026-11-20 in Chicago, 10:30 and 09:59: the day before Saturday's booking. */
const FRIDAY_1030 = { now: new Date('2026-11-20T16:30:00.000Z'), today: '2026-11-20', zone: 'America/Chicago' };
const FRIDAY_0959 = { ...FRIDAY_1030, now: new Date('2026-11-20T15:59:00.000Z') };
const ref = { kind: 'reservation' as const, bookingId: 'r1', date: '2026-11-21' };
const claim: ReminderCommand = { type: 'ClaimReminder', ref, to: 'ada@example.com', bookingConfirmed: true, reminderTime: '10:00' };
const claimed = (attempt: number): ReminderEvent => ({ type: 'ReminderClaimed', data: { ...ref, to: 'ada@example.com', attempt } });
const failed = (attempt: number): ReminderEvent => ({ type: 'ReminderFailed', data: { ...ref, attempt, error: 'refused' } });
const sent: ReminderEvent = { type: 'ReminderSent', data: { ...ref, transport: 'outbox', messageId: '<m>' } };
const spec = deciderSpec(reminderDecider, FRIDAY_1030);

describe('reminder decider', () => {
  it('given nothing yet, when claimed the day before after the reminder time, then it is claimed (attempt 1)', () => {
    spec
      .given([])
      .when(claim)
      .then([claimed(1)]);
  });

  it('given nothing yet, when claimed before the reminder time, two days before, or for an unconfirmed booking, then nothing', () => {
    deciderSpec(reminderDecider, FRIDAY_0959).given([]).when(claim).thenNothing();
    spec
      .given([])
      .when({ ...claim, ref: { ...ref, date: '2026-11-22' } })
      .thenNothing();
    spec
      .given([])
      .when({ ...claim, bookingConfirmed: false })
      .thenNothing();
  });

  it('given a reminder sent or claimed, when claimed again, then nothing: one per booking date', () => {
    spec
      .given([claimed(1), sent])
      .when(claim)
      .thenNothing();
    spec
      .given([claimed(1)])
      .when(claim)
      .thenNothing();
  });

  it('given a failed send, when claimed again, then attempt 2, until the attempts run out', () => {
    spec
      .given([claimed(1), failed(1)])
      .when(claim)
      .then([claimed(2)]);
    const all = Array.from({ length: MAX_REMINDER_ATTEMPTS }, (_, i) => [claimed(i + 1), failed(i + 1)]).flat();
    spec.given(all).when(claim).thenNothing();
  });

  it('given a reminder sent for the old date, when the booking moved and is due again, then a new one is claimed', () => {
    const moved = { ...claim, ref: { ...ref, date: '2026-11-21' } };
    spec
      .given([{ type: 'ReminderClaimed', data: { ...ref, date: '2026-11-14', to: 'ada@example.com', attempt: 1 } }])
      .when(moved)
      .then([claimed(1)]);
  });

  it('given a claim, when the outcome is recorded, then sent or failed; without a claim it is refused', () => {
    spec
      .given([claimed(1)])
      .when({ type: 'RecordReminderSent', transport: 'outbox', messageId: '<m>' })
      .then([sent]);
    spec
      .given([claimed(1)])
      .when({ type: 'RecordReminderFailed', error: 'refused' })
      .then([failed(1)]);
    spec
      .given([claimed(1), sent])
      .when({ type: 'RecordReminderSent', transport: 'outbox', messageId: '<m>' })
      .thenThrows(Conflict, 'No reminder is being sent');
  });

  it('given a claim with no outcome, when abandoned, then abandoned; given none open, then nothing', () => {
    spec
      .given([claimed(1)])
      .when({ type: 'AbandonReminder', reason: 'stopped' })
      .then([{ type: 'ReminderAbandoned', data: { ...ref, reason: 'stopped' } }]);
    spec
      .given([claimed(1), sent])
      .when({ type: 'AbandonReminder', reason: 'stopped' })
      .thenNothing();
    expect(spec.given([claimed(1), sent]).state()).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
