import type { HeldPartyBooking, PartyBookingDecision, PartyBookingDetails, PartyBookingEvent, PartyChangeDecision } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, toGuest, type Mail, type MailComposer, type MailContext } from '../platform/mailer/mail-composer.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import {
  bookingReminders,
  cancelledMail,
  changedMail,
  manageLink,
  whatChanged,
  withStay,
  type MailedBooking,
} from '../booking-flow/index.js';
import { partyBookingDecider, partyBookingStream, type PartyBookingState } from './party-booking-decider.js';
import { partyBookingsProjection } from './party-bookings-projection.js';
import {
  changeDeclined,
  changeToConfirm,
  partyChangeForCafe,
  partyDecision,
  partyRequestForCafe,
  partyRequestReceived,
} from './party-booking-messages.js';

/** Staff's dashboard, named in the café's copy of a party request. */
const dashboardUrl = (context: MailContext) => new URL('/admin', context.config.publicUrl).toString();

/** A party booking just before and just after one of its events, folded from its stream. */
async function partyStates(event: RecordedEvent, context: MailContext): Promise<{ before: PartyBookingState; after: PartyBookingState }> {
  const history = await context.eventStore.readStream(event.streamId, { maxCount: Number(event.revision) + 1 });
  const before = fold<PartyBookingState, PartyBookingEvent>(partyBookingDecider, history.slice(0, -1));
  return { before, after: partyBookingDecider.evolve(before, { type: event.type, data: event.data } as PartyBookingEvent) };
}

/**
 * A party as its event left it, and whether the guest's calendar holds it: once approved (as it stood
 * before this event). Null when there is nothing to tell: no such booking or a declined party. A booking
 * without an e-mail (taken by phone, or its guest forgotten) is composed all the same: the engine records
 * its mail as skipped.
 */
const party: MailedBooking = {
  async input(event, context, messageId) {
    const id = (event.data as { partyBookingId: string }).partyBookingId;
    const { before, after } = await partyStates(event, context);
    if (before.status !== 'pending' && before.status !== 'approved') return null;
    if (after.status === 'none') return null;
    // A party approved before its guest's change waiting for staff is in the calendar as approved.
    const inCalendar = before.status === 'approved' || (before.status === 'pending' && before.held !== undefined);
    const base = { sequence: Number(event.revision), cafe: await context.cafe(), zone: context.config.zone, messageId };
    return { ...base, kind: 'party', id, details: after.details, inCalendar, awaitingReview: after.status === 'pending' };
  },
  async detailsAt(streamId, revision, context) {
    const state = fold(partyBookingDecider, await context.eventStore.readStream(streamId, { maxCount: Number(revision) + 1 }));
    return state.status === 'none' ? null : state.details;
  },
};

/** Whether the decision of this change also sent an approved party back to staff (the events after it on its stream). */
async function returnsToPending(event: RecordedEvent, context: MailContext): Promise<boolean> {
  const next = await context.eventStore.readStream(event.streamId, { fromRevision: event.revision + 1n, maxCount: 2 });
  return next.some((e) => e.type === 'PartyBookingReturnedToPending' && e.metadata.correlationId === event.metadata.correlationId);
}

/** A request: the guest hears it was received; the café gets its own copy of one made on the website. */
async function requested(event: RecordedEvent, context: MailContext): Promise<Mail[]> {
  const { source, partyBookingId, ...details } = event.data as PartyBookingDetails & { partyBookingId: string; source: string };
  const cafe = await context.cafe();
  // A pending request can be cancelled (or resized) by its guest too.
  const manage = manageLink(context, 'party', partyBookingId, details.date);
  const mails = toGuest(partyRequestReceived(details, cafe, mailMessageId(event), manage));
  // Staff who enter a request themselves need no mail about it.
  if (source !== 'public') return mails;
  return [
    ...mails,
    { recipient: 'cafe', message: partyRequestForCafe(details, cafe, mailMessageId(event, 'cafe'), dashboardUrl(context)) },
  ];
}

/** Staff's decision: approved or not, and an approval of a guest's change says what changed. */
async function decided(event: RecordedEvent, context: MailContext): Promise<MailMessage | null> {
  const decision = event.data as PartyBookingDecision;
  const { before, after } = await partyStates(event, context);
  if (after.status === 'none') return null;
  const { details } = after;
  const status = event.type === 'PartyBookingApproved' ? 'approved' : 'rejected';
  const manage = manageLink(context, 'party', decision.partyBookingId, details.date);
  // Approving a guest's change to a party approved before: the mail says what changed, the .ics moves the event.
  const held = before.status === 'pending' ? before.held : undefined;
  const change = held && { changed: whatChanged(held, details), sequence: Number(event.revision) };
  const cafe = await context.cafe();
  // An approval names the party's tables and until when (with a floor); a rejection holds none.
  const mailed = status === 'approved' ? await withStay(details, decision.partyBookingId, context) : details;
  return partyDecision(
    decision.partyBookingId,
    status,
    mailed,
    decision.adminNotes,
    cafe,
    context.config.zone,
    mailMessageId(event),
    manage,
    change,
  );
}

/** Staff turned a guest's change down: the party stays as approved. */
async function changeDeclinedMail(event: RecordedEvent, context: MailContext): Promise<MailMessage | null> {
  const { before } = await partyStates(event, context);
  const input = await party.input(event, context, mailMessageId(event));
  if (!input || before.status === 'none') return null;
  const { adminNotes } = event.data as PartyChangeDecision;
  return changeDeclined(input, before.details, adminNotes, manageLink(context, 'party', input.id, input.details.date));
}

/** An approved party its guest made larger or moved: the guest hears we'll confirm, the café is asked to review it. */
async function returnedToPending(event: RecordedEvent, context: MailContext): Promise<Mail[]> {
  const input = await party.input(event, context, mailMessageId(event));
  if (!input) return [];
  const { held } = event.data as { held: HeldPartyBooking };
  const guestMail = changeToConfirm(input, held, manageLink(context, 'party', input.id, input.details.date));
  const details = input.details as PartyBookingDetails;
  const cafeMail = partyChangeForCafe(details, held, input.cafe, mailMessageId(event, 'cafe'), dashboardUrl(context));
  return [
    { recipient: 'guest', message: guestMail },
    { recipient: 'cafe', message: cafeMail },
  ];
}

/**
 * A party booking's mails: the request received (and the café's copy of one from the website), staff's
 * decision, the guest's own change or cancellation through their link, a change that waits for staff
 * again (guest and café) and staff turning it down, and a cancellation by staff (with why, when they
 * closed the date).
 */
export const partyBookingMails: MailComposer = {
  eventTypes: [
    'PartyBookingRequested',
    'PartyBookingApproved',
    'PartyBookingRejected',
    'PartyBookingDetailsChanged',
    'PartyBookingCancelled',
    'PartyBookingReturnedToPending',
    'PartyBookingChangeDeclined',
  ],
  alsoToCafe: ['PartyBookingRequested', 'PartyBookingReturnedToPending'],
  async compose(event, context) {
    switch (event.type) {
      case 'PartyBookingRequested':
        return requested(event, context);
      case 'PartyBookingApproved':
      case 'PartyBookingRejected':
        return toGuest(await decided(event, context));
      case 'PartyBookingChangeDeclined':
        return toGuest(await changeDeclinedMail(event, context));
      case 'PartyBookingDetailsChanged':
        // A guest's change that sends an approved party back to staff is told by the event after it (returnedToPending).
        if (event.metadata.actor.kind === 'guest' && (await returnsToPending(event, context))) return [];
        return toGuest(await changedMail(event, context, party));
      case 'PartyBookingCancelled':
        return toGuest(await cancelledMail(event, context, party));
      case 'PartyBookingReturnedToPending':
        return returnedToPending(event, context);
      default:
        return [];
    }
  },
};

/** The day-before reminder of an approved party, with its booking page. */
export const partyBookingReminders = bookingReminders('party', partyBookingsProjection.name, async (id, context) => {
  const state = fold(partyBookingDecider, await context.eventStore.readStream(partyBookingStream(id)));
  return state.status === 'none' ? null : { confirmed: state.status === 'approved', details: state.details };
});
