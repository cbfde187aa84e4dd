import { eventTypeLabel, type HeldPartyBooking, type PartyBookingDetails } from '@cafe/contracts';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { bookingInvite, people } from './booking-invite.js';
import { detailLines, render } from './notification-messages.js';
import { when, whatChanged, type BookingMailInput } from './booking-change-messages.js';

/**
 * The mails of a guest's change to a party staff had approved: made larger or moved, it waits for staff
 * again (the guest is told we'll confirm, the café is asked to review it) while the approved booking
 * keeps its seats; staff approving it is partyDecision's mail, staff turning it down is this file's last.
 */

/** The guest's change waits for staff: what changed, that we'll confirm, and what stays booked meanwhile. */
export function changeToConfirm(input: BookingMailInput, held: HeldPartyBooking, manageUrl: string): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `We’ll confirm your change: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `Thank you: we have your change to your party booking at ${cafe.name}.`,
      ...whatChanged(held, details),
      `A larger party or another time needs our team’s approval, so we’ll confirm by e-mail soon. Until then your party stays booked as we approved it: ${when(held)}, ${people(held.partySize)}.`,
      `Questions? Call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    manageUrl,
  });
}

/**
 * The café's mail about it, to business info's address (as a new request's copy): what changed, that the
 * approved seats stay held until staff decide, and what each decision does. A reply goes to the guest; the
 * subject names no guest (it is stored with the mail's claim, outside the guest's sealed data).
 */
export function partyChangeForCafe(
  details: PartyBookingDetails,
  held: HeldPartyBooking,
  cafe: BookingMailInput['cafe'],
  messageId: string,
  dashboardUrl: string,
): MailMessage {
  return render({
    to: cafe.email,
    replyTo: details.email,
    subject: `Party change to review: ${eventTypeLabel(details.eventType)}, ${people(details.partySize)}, ${when(details)}`,
    greeting: 'Hello,',
    paragraphs: [
      `A guest changed their approved party booking through their booking link. It is waiting for your review again in the Parties section of the dashboard: ${dashboardUrl}`,
      ...whatChanged(held, details),
      `Until you decide, the booking you approved (${when(held)}, ${people(held.partySize)}) keeps its seats. Approving holds the new details and gives those back; rejecting keeps the booking as you approved it, and the guest is told.`,
      'Reply to this e-mail to write to the guest.',
    ],
    details: [...detailLines(details), ['E-mail', details.email], ['Phone', details.phone]],
    cafe,
    messageId,
  });
}

/**
 * Staff turned the change down: the party stays as approved (`input.details`, restored), with the calendar
 * event reaffirmed (same UID, a higher SEQUENCE), and what was asked for named.
 */
export function changeDeclined(
  input: BookingMailInput,
  asked: { date: string; time: string; partySize: number },
  adminNotes: string | undefined,
  manageUrl: string,
): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `About your change: your party stays on ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `We are sorry: we cannot take the change you asked for (${when(asked)}, ${people(asked.partySize)}) to your party booking at ${cafe.name}.`,
      `Your party stays booked as we approved it: ${when(details)}, ${people(details.partySize)}.`,
      ...(adminNotes ? [`Notes from our team: ${adminNotes}`] : []),
      `Questions? Call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    manageUrl,
    attachments: [bookingInvite(input.kind, input.id, details, cafe, input.zone, { sequence: input.sequence })],
  });
}
