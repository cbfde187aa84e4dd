import {
  eventTypeLabel,
  formatTime12,
  todayIn,
  type BookingClosure,
  type GuestBookingKind,
  type ReservationDetails,
} from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, type CafeContact, type MailContext } from '../platform/mailer/mail-composer.js';
import { longDate, render } from '../platform/mailer/mail-layout.js';
import type { MailAttachment, MailMessage } from '../platform/mailer/mailer.js';
import type { ReminderSource } from '../platform/mailer/reminder-source.js';
import {
  bookingInvite,
  detailLines,
  manageLink,
  people,
  when,
  whatChanged,
  stayLine,
  withGames,
  withStay,
  type BookingMailInput,
  type MailedDetails,
} from './booking-mail-parts.js';

/**
 * The mails reservations and party bookings share (each slice's composer picks them for its own events):
 * the guest's or staff's change of a booking, its cancellation (by its guest, by staff, by a closure) and
 * the day-before reminder, with the reminder source both slices register.
 */

const noun = (input: BookingMailInput) =>
  input.kind === 'reservation' ? 'reservation' : input.inCalendar ? 'party booking' : 'party booking request';

/** How a slice's booking is read for its mails. */
export interface MailedBooking {
  /** The booking as `event` left it, or null when there is nothing to tell (no such booking, a declined party). */
  input(event: RecordedEvent, context: MailContext, messageId: string): Promise<BookingMailInput | null>;
  /** The booking's details as they stood at one revision of its stream (null: no booking then). */
  detailsAt(streamId: string, revision: bigint, context: MailContext): Promise<ReservationDetails | null>;
}

/**
 * A change of the booking's details. The guest's own is confirmed, saying what it was (another day,
 * another time, another size). Staff's change of the date, time or size is mailed the same way, with the
 * calendar event updated; their other edits (a name, a note) and a booking whose day has passed mail nobody.
 */
export async function changedMail(event: RecordedEvent, context: MailContext, booking: MailedBooking): Promise<MailMessage | null> {
  const byGuest = event.metadata.actor.kind === 'guest';
  const { date, time, partySize } = event.data as { date?: string; time?: string; partySize?: number };
  if (!byGuest && date === undefined && time === undefined && partySize === undefined) return null;
  const read = await booking.input(event, context, mailMessageId(event));
  if (!read) return null;
  // With a floor: its tables and "We keep your table until …" as they stand now, as the confirmation says.
  const input = { ...read, details: await withStay(read.details, read.id, context) };
  const before = event.revision > 0n ? await booking.detailsAt(event.streamId, event.revision - 1n, context) : null;
  // Signed for the new date: a link expires with the day it names.
  const manage = manageLink(context, input.kind, input.id, input.details.date);
  if (byGuest) return changedByGuest(input, manage, before);
  if (!before || input.details.date < todayIn(input.zone, new Date(event.metadata.occurredAt))) return null;
  return changedByCafe(input, manage, before);
}

/** A cancellation: by a closure (saying why, its only mail), by the guest through their link, or by staff. */
export async function cancelledMail(event: RecordedEvent, context: MailContext, booking: MailedBooking): Promise<MailMessage | null> {
  const messageId = mailMessageId(event);
  const { closure } = event.data as { closure?: BookingClosure };
  const input = await booking.input(event, context, messageId);
  if (!input) return null;
  if (closure) {
    const calendar = input.inCalendar ? cancelInvite(input) : undefined;
    return cancelledBecauseClosed(input.kind, input.details, closure, input.cafe, messageId, calendar);
  }
  if (event.metadata.actor.kind === 'guest') return cancelledByGuest(input);
  // Staff tidying up a booking whose day has passed tell nobody.
  if (input.details.date < todayIn(input.zone, new Date(event.metadata.occurredAt))) return null;
  return cancelledByCafe(input);
}

/**
 * The day-before reminders of a slice's bookings (reminders/ claims and sends them): what its read model
 * holds on the date, each loaded from its stream as it stands now.
 */
export function bookingReminders(
  kind: GuestBookingKind,
  readModel: string,
  load: (id: string, context: MailContext) => Promise<{ confirmed: boolean; details: ReservationDetails & { eventType?: string } } | null>,
): ReminderSource {
  return {
    kind,
    async due(date, context) {
      const docs = await context.documents.collection<{ _id: string; createdAt: string }>(readModel).find({ date });
      return docs.map((d) => ({ id: d._id, createdAt: d.createdAt }));
    },
    async load(id, context) {
      const booking = await load(id, context);
      if (!booking) return null;
      const { details } = booking;
      return {
        confirmed: booking.confirmed,
        email: details.email,
        date: details.date,
        mail: async (messageId) => {
          const [cafe, mailed] = await Promise.all([context.cafe(), withGames(details, context)]);
          return bookingReminder(kind, mailed, cafe, messageId, manageLink(context, kind, id, details.date));
        },
      };
    },
  };
}

/**
 * The guest changed the date, time or party size through their link: what changed (from what, to what),
 * then the booking as it stands now. `before` is the booking as it stood before the change.
 */
function changedByGuest(input: BookingMailInput, manageUrl: string, before?: ReservationDetails | null): MailMessage {
  const { details, cafe } = input;
  const pending = input.awaitingReview;
  return render({
    to: details.email,
    subject: `Your booking was changed: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `As you asked, we have changed your ${noun(input)} at ${cafe.name}. Here it is as it stands now.`,
      ...(before ? whatChanged(before, details) : []),
      ...stayLine(details),
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
function changedByCafe(input: BookingMailInput, manageUrl: string, before: ReservationDetails): MailMessage {
  const { details, cafe } = input;
  return render({
    to: details.email,
    subject: `We changed your booking: ${when(details)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `${cafe.name} has changed your ${noun(input)}. Here it is as it stands now.`,
      ...whatChanged(before, details),
      ...stayLine(details),
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

/** The guest cancelled through their link: the confirmation, and an .ics that takes it out of their calendar. */
function cancelledByGuest(input: BookingMailInput): MailMessage {
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
function cancelledByCafe(input: BookingMailInput): MailMessage {
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
function cancelInvite(input: BookingMailInput): MailAttachment {
  return bookingInvite(input.kind, input.id, input.details, input.cafe, input.zone, { sequence: input.sequence, method: 'CANCEL' });
}

/** The day before: sent once per booking date by the reminders scheduler (reminders/). */
function bookingReminder(
  kind: GuestBookingKind,
  details: MailedDetails,
  cafe: CafeContact,
  messageId: string,
  manageUrl: string,
): MailMessage {
  const what =
    kind === 'party' ? `your ${eventTypeLabel(details.eventType).toLowerCase()} party` : `your table for ${people(details.partySize)}`;
  return render({
    to: details.email,
    subject: `Reminder: see you tomorrow at ${formatTime12(details.time)}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [`A reminder: ${what} at ${cafe.name} is tomorrow, ${longDate(details.date)} at ${formatTime12(details.time)}.`],
    details: detailLines(details),
    cafe,
    messageId,
    manageUrl,
  });
}

/** Staff closed the café on the booking's date (or changed its hours) and cancelled it: say so, why, and how to rebook. */
function cancelledBecauseClosed(
  kind: GuestBookingKind,
  details: ReservationDetails & { eventType?: string },
  closure: BookingClosure,
  cafe: CafeContact,
  messageId: string,
  /** The METHOD:CANCEL .ics that takes it out of the guest's calendar, when it was in it. */
  calendar?: MailAttachment,
): MailMessage {
  const what = kind === 'reservation' ? 'reservation' : 'party booking';
  const closed = closure.from === closure.to ? `on ${longDate(closure.from)}` : `from ${longDate(closure.from)} to ${longDate(closure.to)}`;
  // Not closed, but open other hours that day (closure.hours) which no longer seat the booking's time.
  const hours = closure.hours === undefined ? null : closure.hours === 'Closed' ? 'closed' : `open ${closure.hours.replace(' - ', ' – ')}`;
  return render({
    to: details.email,
    subject: `Your ${what} on ${longDate(details.date)} is cancelled: ${hours ? 'our hours have changed' : 'we are closed'}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      hours
        ? `We are sorry: ${cafe.name} has changed its opening hours, and on ${longDate(details.date)} we are ${hours}, so we cannot seat you at ${formatTime12(details.time)} and have had to cancel your ${what}.`
        : `We are sorry: ${cafe.name} will be closed ${closed} (${closure.reason}), so we have had to cancel your ${what}.`,
      `Please call us at ${cafe.phone} or book again on our website for another date. We hope to see you soon!`,
    ],
    details: detailLines(details),
    cafe,
    messageId,
    bookAgain: true,
    attachments: calendar ? [calendar] : undefined,
  });
}
