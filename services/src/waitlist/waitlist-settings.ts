import { DEFAULT_OFFER_HOLD_MINUTES, SAME_DAY_OFFER_HOLD_MINUTES } from '@cafe/contracts';
import type { CommandTx, StreamSpec } from '../platform/commands/command-pipeline.js';
import type { Decider } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * Staff's waitlist setting, on its own stream (waitlistSettings-main): how long an offer is held for the
 * guest (default DEFAULT_OFFER_HOLD_MINUTES). On the offer's day itself it is held at most
 * SAME_DAY_OFFER_HOLD_MINUTES, whatever the setting: the evening is near.
 */
export const WAITLIST_SETTINGS_STREAM = streamName('waitlistSettings', 'main');

export type WaitlistSettingsEvent = { type: 'OfferHoldSet'; data: { offerHoldMinutes: number } };
export const WAITLIST_SETTINGS_EVENT_TYPES = ['OfferHoldSet'] as const;

export interface WaitlistSettingsState {
  offerHoldMinutes: number;
}

export const waitlistSettingsDecider: Decider<
  WaitlistSettingsState,
  { type: 'SetOfferHold'; offerHoldMinutes: number },
  WaitlistSettingsEvent
> = {
  initialState: () => ({ offerHoldMinutes: DEFAULT_OFFER_HOLD_MINUTES }),
  evolve: (_state, event) => ({ offerHoldMinutes: event.data.offerHoldMinutes }),
  decide: (command, state) =>
    command.offerHoldMinutes === state.offerHoldMinutes
      ? []
      : [{ type: 'OfferHoldSet', data: { offerHoldMinutes: command.offerHoldMinutes } }],
};

export const settingsSpec: StreamSpec<WaitlistSettingsState, WaitlistSettingsEvent> = {
  streamId: WAITLIST_SETTINGS_STREAM,
  initialState: waitlistSettingsDecider.initialState,
  evolve: waitlistSettingsDecider.evolve,
  cached: true,
};

/** Minutes an offer made now for `date` is held: the setting, at most SAME_DAY_OFFER_HOLD_MINUTES on the day. */
export const holdMinutesFor = (setting: number, date: string, today: string) =>
  date === today ? Math.min(setting, SAME_DAY_OFFER_HOLD_MINUTES) : setting;

/** The setting as the decision reads it (in memory between commands, checked at the append). */
export async function offerHoldSetting(tx: CommandTx): Promise<number> {
  const settings = await tx.load(settingsSpec);
  tx.require(settings);
  return settings.state.offerHoldMinutes;
}
