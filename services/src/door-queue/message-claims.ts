import type { Decider } from '../platform/commands/decider.js';

/**
 * One guest message of the door queue, claimed on its own stream `guestMessage-<id>` (the id of the event
 * that asks for it: PartyQueued, TableReadySent) before it is sent: the first claim wins, so two runners
 * never send it twice, and a claim with no outcome (a process stopped mid-send) is never sent again (at
 * most once, as notifications do). Nothing here names the guest: the contact stays in the sealed
 * PartyQueued and the read model.
 */
export const messageStream = (messageId: string) => `guestMessage-${messageId}`;

export type MessageKind = 'queued' | 'ready';
export type MessageChannel = 'sms' | 'mail';

interface MessageRef {
  date: string;
  partyId: string;
  messageId: string;
}

export type GuestMessageEvent =
  | { type: 'GuestMessageClaimed'; data: MessageRef & { kind: MessageKind; channel: MessageChannel } }
  | { type: 'GuestMessageSent'; data: MessageRef & { channel: MessageChannel } }
  /** The send failed (after the SMS adapter's own tries): `reason` never quotes the guest's address. */
  | { type: 'GuestMessageFailed'; data: MessageRef & { reason: string } }
  /** Not sent, and never will be: no way to reach them, or too late (they were seated, left, or the hold ran out). */
  | { type: 'GuestMessageSkipped'; data: MessageRef & { kind: MessageKind; reason: string } };

export const GUEST_MESSAGE_EVENT_TYPES = ['GuestMessageClaimed', 'GuestMessageSent', 'GuestMessageFailed', 'GuestMessageSkipped'] as const;

export interface MessageState {
  claimed: boolean;
  done: boolean;
}

export type MessageCommand =
  | { type: 'Claim'; ref: MessageRef; kind: MessageKind; channel: MessageChannel }
  | { type: 'Skip'; ref: MessageRef; kind: MessageKind; reason: string }
  | { type: 'Record'; ref: MessageRef; outcome: { channel: MessageChannel } | { reason: string } };

export const messageDecider: Decider<MessageState, MessageCommand, GuestMessageEvent> = {
  initialState: () => ({ claimed: false, done: false }),
  evolve: (state, event) => {
    if (event.type === 'GuestMessageClaimed') return { ...state, claimed: true };
    return { claimed: true, done: true };
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Claim':
        return state.claimed
          ? []
          : [{ type: 'GuestMessageClaimed', data: { ...command.ref, kind: command.kind, channel: command.channel } }];
      case 'Skip':
        return state.claimed ? [] : [{ type: 'GuestMessageSkipped', data: { ...command.ref, kind: command.kind, reason: command.reason } }];
      case 'Record':
        if (!state.claimed || state.done) return [];
        return 'channel' in command.outcome
          ? [{ type: 'GuestMessageSent', data: { ...command.ref, channel: command.outcome.channel } }]
          : [{ type: 'GuestMessageFailed', data: { ...command.ref, reason: command.outcome.reason } }];
    }
  },
};
