import { eventTypeLabel, formatTime12, type HeldPartyBooking, type PartyBookingDetails } from '@cafe/contracts';
import type { CafeContact } from '../platform/mailer/mail-composer.js';
import { longDate, render } from '../platform/mailer/mail-layout.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import {
  bookingInvite,
  detailLines,
  people,
  stayLine,
  when,
  whatChanged,
  type BookingMailInput,
  type MailedDetails,
} from '../booking-flow/index.js';

/** A party request received: not confirmed yet, staff will review it (its guest may still cancel or resize it). */
export function partyRequestReceived(details: PartyBookingDetails, cafe: CafeContact, messageId: string, manageUrl?: string): MailMessage {
  return render({
    to: details.email,
    subject: `We received your party booking request for ${longDate(details.date)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `Thank you for your party booking request at ${cafe.name}. It is not confirmed yet: our team will review it and get back to you soon.`,
    ],
    details: detailLines(details),
    cafe,
    messageId,
    manageUrl,
  });
}

/** Staff's decision on a request (or on a guest's change to an approved party): approved with its .ics, or not. */
export function partyDecision(
  partyBookingId: string,
  status: 'approved' | 'rejected',
  /** With a floor, an approved party's tables and the end of its stay ("We keep your table until 9:30 PM."). */
  details: PartyBookingDetails & MailedDetails,
  adminNotes: string | undefined,
  cafe: CafeContact,
  zone: string,
  messageId: string,
  manageUrl?: string,
  /**
   * An approval of a guest's change to a party approved before: what changed, and the booking stream's
   * revision as the .ics SEQUENCE, so the guest's calendar moves the event it holds.
   */
  change?: { changed: string[]; sequence: number },
): MailMessage {
  const when = `${longDate(details.date)} at ${formatTime12(details.time)}`;
  const approved = status === 'approved';
  return render({
    to: details.email,
    subject: !approved
      ? `About your party booking request for ${longDate(details.date)}`
      : change
        ? `Your change is confirmed: ${when}`
        : `Your party booking is confirmed: ${when}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      approved
        ? change
          ? `Good news: our team has approved the change to your party booking at ${cafe.name}. Here it is as it stands now.`
          : `Good news: your party booking at ${cafe.name} has been approved. We look forward to hosting you!`
        : `We are sorry: we cannot host your party booking at ${cafe.name} as requested.`,
      ...(approved ? stayLine(details) : []),
      ...(approved && change ? [...change.changed, 'The attached calendar file updates the event in your calendar.'] : []),
      ...(adminNotes ? [`Notes from our team: ${adminNotes}`] : []),
      approved ? `Questions? Call us at ${cafe.phone}.` : `Please call us at ${cafe.phone} and we will gladly look for another date.`,
    ],
    details: detailLines(details),
    cafe,
    messageId,
    manageUrl: approved ? manageUrl : undefined,
    bookAgain: !approved,
    attachments: approved ? [bookingInvite('party', partyBookingId, details, cafe, zone, { sequence: change?.sequence })] : undefined,
  });
}

/**
 * The café's own copy of a party request made on the website, to business info's e-mail address: all
 * the details staff need to review it, and a reply goes straight to the guest. The subject names no
 * guest (it is stored with the mail's claim, outside the guest's sealed data).
 */
export function partyRequestForCafe(details: PartyBookingDetails, cafe: CafeContact, messageId: string, dashboardUrl: string): MailMessage {
  const event = eventTypeLabel(details.eventType);
  return render({
    to: cafe.email,
    replyTo: details.email,
    subject: `New party request: ${event}, ${people(details.partySize)}, ${when(details)}`,
    greeting: 'Hello,',
    paragraphs: [
      `A party booking request came in through the website. It is waiting for your review in the Parties section of the dashboard: ${dashboardUrl}`,
      'Reply to this e-mail to write to the guest.',
    ],
    details: [...detailLines(details), ['E-mail', details.email], ['Phone', details.phone]],
    cafe,
    messageId,
  });
}

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
