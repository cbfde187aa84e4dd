import { eventTypeLabel, formatTime12, type PartyBookingDetails, type ReservationDetails } from '@cafe/contracts';
import type { MailAttachment, MailMessage } from '../platform/mailer/mailer.js';
import { bookingInvite, people } from './booking-invite.js';
import { detailLines, longDate, render, type CafeContact, type MailedDetails } from './notification-messages.js';

/**
 * The mails of a booking's later life: the guest or staff changed it, the guest cancelled it through
 * their link, staff cancelled it, and the café's own copy of a new party request. The .ics of a booking keeps the UID
 * of its first invitation and carries the booking stream's revision as SEQUENCE, so the guest's
 * calendar moves or removes the event it already holds.
 */
export interface BookingMailInput {
  kind: 'reservation' | 'party';
  id: string;
  details: MailedDetails;
  /** In the guest's calendar already: a reservation, or a party staff approved (a pending request got no .ics). */
  inCalendar: boolean;
  /** A party waiting for staff after this event: its new details get no .ics until they approve them. */
  awaitingReview: boolean;
  /** The booking stream's revision of the event mailed: the .ics SEQUENCE. */
  sequence: number;
  cafe: CafeContact;
  zone: string;
  messageId: string;
}

export const when = (d: { date: string; time: string }) => `${longDate(d.date)} at ${formatTime12(d.time)}`;
const noun = (input: BookingMailInput) =>
  input.kind === 'reservation' ? 'reservation' : input.inCalendar ? 'party booking' : 'party booking request';

/**
 * The guest changed the date, time or party size through their link: what changed (from what, to what),
 * then the booking as it stands now. `before` is the booking as it stood before the change.
 */
export function changedByGuest(input: BookingMailInput, manageUrl: string, before?: ReservationDetails | null): MailMessage {
  const { details, cafe } = input;
  const pending = input.awaitingReview;
  return render({
    to: details.email,
    subject: `Your booking was changed: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `As you asked, we have changed your ${noun(input)} at ${cafe.name}. Here it is as it stands now.`,
      ...(before ? whatChanged(before, details) : []),
      pending
        ? 'It is still waiting for our team’s review: we will get back to you soon.'
        : 'The attached calendar file updates the event in your calendar.',
      `Questions? Call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    manageUrl,
    attachments: updatedInvite(input),
  });
}

/**
 * Staff changed the date, time or party size (the dashboard's Edit dialog): what changed, from what to
 * what, the booking as it stands now, and the calendar event updated (same UID, a higher SEQUENCE).
 */
export function changedByCafe(input: BookingMailInput, manageUrl: string, before: ReservationDetails): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `We changed your booking: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `${cafe.name} has changed your ${noun(input)}. Here it is as it stands now.`,
      ...whatChanged(before, details),
      input.awaitingReview
        ? 'It is still waiting for our team’s review: we will get back to you soon.'
        : 'The attached calendar file updates the event in your calendar.',
      `If this does not suit you, please call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    manageUrl,
    attachments: updatedInvite(input),
  });
}

/** The booking's calendar event as it stands, when the guest's calendar holds it and nothing waits for staff. */
function updatedInvite(input: BookingMailInput) {
  if (!input.inCalendar || input.awaitingReview) return undefined;
  return [bookingInvite(input.kind, input.id, input.details, input.cafe, input.zone, { sequence: input.sequence })];
}

/** 'Moved from <day> at <time> to <day> at <time>.' and/or 'Party size changed from 4 people to 6 people.' */
export function whatChanged(before: { date: string; time: string; partySize: number }, after: ReservationDetails): string[] {
  const moved = before.date !== after.date || before.time !== after.time;
  return [
    ...(moved ? [`Moved from ${when(before)} to ${when(after)}.`] : []),
    ...(before.partySize !== after.partySize ? [`Party size changed from ${people(before.partySize)} to ${people(after.partySize)}.`] : []),
  ];
}

/** The guest cancelled through their link: the confirmation, and an .ics that takes it out of their calendar. */
export function cancelledByGuest(input: BookingMailInput): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `Your booking is cancelled: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `As you asked, we have cancelled your ${noun(input)} at ${cafe.name}.`,
      ...(input.inCalendar ? ['The attached calendar file removes it from your calendar.'] : []),
      `Changed your mind? Book again on our website or call us at ${cafe.phone}. We hope to see you another time!`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    bookAgain: true,
    attachments: input.inCalendar ? [cancelInvite(input)] : undefined,
  });
}

/** Staff cancelled (deleted) the booking, not because of a closure (that mail says why: cancelledBecauseClosed). */
export function cancelledByCafe(input: BookingMailInput): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `Your ${noun(input)} on ${longDate(details.date)} is cancelled`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `We are sorry: ${cafe.name} has cancelled your ${noun(input)} for ${when(details)}.`,
      ...(input.inCalendar ? ['The attached calendar file removes it from your calendar.'] : []),
      `If this comes as a surprise, or you would like another date, please call us at ${cafe.phone} or book again on our website.`,
    ],
    details: detailLines(details),
    cafe,
    messageId: input.messageId,
    bookAgain: true,
    attachments: input.inCalendar ? [cancelInvite(input)] : undefined,
  });
}

/** The .ics that removes the booking from the guest's calendar (same UID, a higher SEQUENCE). */
export function cancelInvite(input: BookingMailInput): MailAttachment {
  return bookingInvite(input.kind, input.id, input.details, input.cafe, input.zone, { sequence: input.sequence, method: 'CANCEL' });
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
