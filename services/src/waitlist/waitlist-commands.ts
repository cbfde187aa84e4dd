import { normaliseEmail, type WaitlistJoin } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-types.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { eventIdsFor, timeOrderedId } from '../platform/commands/event-ids.js';
import type { ErasedGuest } from '../platform/personal-data/guest-eraser.js';
import { DayWork, settleWaitlistDay, waitlistDaySpec } from './offer-making.js';
import { waitlistDayDecider } from './waitlist-day-decider.js';
import { waitlistEntryDecider, waitlistEntryStream } from './waitlist-entry.js';
import { settingsSpec, waitlistSettingsDecider } from './waitlist-settings.js';

// The waitlist's commands, each one pipeline run: one decision, one append (an offer's hold on the day's
// seats in the same append as the offer's event). A race on the date's stream is decided again on fresh state.

const RETRIES = 50;

/** The id of an entry joined under an Idempotency-Key comes from the key: the same request again is the same entry. */
const entryIdFor = (key: string | undefined) =>
  key === undefined ? timeOrderedId() : eventIdsFor(`waitlist:${key}`, 'waitlist-entry-id', 'key', [{ type: 'waitlist', data: null }])[0]!;

/** A guest joins a date's waitlist: their entry (sealed contact) and their place in line, in one append. */
export async function joinWaitlist(runtime: CommandRuntime, join: WaitlistJoin, context: CommandContext) {
  const entryId = entryIdFor(context.idempotencyKey);
  await runPipeline(
    runtime,
    context,
    async (tx) => {
      const { name, email, phone, partySize, date, from, to } = join;
      const entry = await tx.load(streamOf(waitlistEntryDecider, waitlistEntryStream(entryId)));
      const joined = { entryId, date, from, to, partySize, name, email: normaliseEmail(email), phone };
      tx.append(entry, waitlistEntryDecider.decide({ type: 'Join', entry: joined }, entry.state, tx.time));
      const joinedAt = tx.time.now.toISOString();
      await tx.decide(waitlistDaySpec(date), waitlistDayDecider.decide, {
        type: 'ListEntry',
        date,
        entryId,
        partySize,
        from,
        to,
        joinedAt,
      });
    },
    { retriesOnConflict: RETRIES },
  );
  return { entryId };
}

/** A decision on a date's waitlist and its seats, in one run. */
async function onDay<R>(runtime: CommandRuntime, date: string, context: CommandContext, body: (work: DayWork, tx: CommandTx) => R) {
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const work = await DayWork.load(tx, date);
      const result = body(work, tx);
      work.append();
      return result;
    },
    { retriesOnConflict: RETRIES },
  );
  return value;
}

/** The guest leaves through their link: a live offer of theirs lets its seats go with them. */
export const leaveWaitlist = (runtime: CommandRuntime, date: string, entryId: string, context: CommandContext) =>
  onDay(runtime, date, context, (work) => {
    const offerId = work.state.entries.find((e) => e.entryId === entryId)?.offerId;
    const events = work.decide({ type: 'LeaveEntry', date, entryId });
    if (events.length && offerId) work.release(offerId);
  });

/** The guest lets the offer go: its seats are free for the next fitting entry. */
export const passOffer = (runtime: CommandRuntime, date: string, offerId: string, context: CommandContext) =>
  onDay(runtime, date, context, (work) => {
    if (work.decide({ type: 'PassOffer', date, offerId }).length) work.release(offerId);
  });

/**
 * The offer was booked (the reservation's id is the offer's, which replaced the offer's hold): only the first
 * claim to record it is answered 201. The date's waitlist alone: the seats are the reservation's now.
 */
export async function recordOfferTaken(runtime: CommandRuntime, date: string, offerId: string, context: CommandContext) {
  await runPipeline(
    runtime,
    context,
    (tx) => tx.decide(waitlistDaySpec(date), waitlistDayDecider.decide, { type: 'TakeOffer', date, offerId, bookingId: offerId }),
    { retriesOnConflict: RETRIES },
  );
}

/** The process manager's decision for a date (offer-making.ts). */
export async function settleDay(runtime: CommandRuntime, date: string, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, (tx) => settleWaitlistDay(tx, date), {
    retriesOnConflict: RETRIES,
    waitForReadModels: false,
  });
  return value;
}

/** Staff set how long an offer is held. */
export async function setOfferHold(runtime: CommandRuntime, offerHoldMinutes: number, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, (tx) =>
    tx.decide(settingsSpec, waitlistSettingsDecider.decide, { type: 'SetOfferHold', offerHoldMinutes }),
  );
  return { offerHoldMinutes, version: value.version };
}

/**
 * `forget`'s part for the waitlist (a GuestEraser): each entry stream holding the guest's sealed data gets its
 * erasure event; the entry keeps its place, size and offer, so the date's counts stay.
 */
export async function eraseWaitlistGuest(runtime: CommandRuntime, guest: ErasedGuest, context: CommandContext): Promise<number> {
  let erased = 0;
  for (const streamId of guest.streams.filter((s) => s.startsWith(waitlistEntryStream('')))) {
    const { value } = await runPipeline(
      runtime,
      context,
      (tx) => tx.decide(streamOf(waitlistEntryDecider, streamId), waitlistEntryDecider.decide, { type: 'Erase', guestKey: guest.guestKey }),
      { retriesOnConflict: 5, commandId: `${context.correlationId}.${streamId}` },
    );
    erased += value.events.length;
  }
  return erased;
}
