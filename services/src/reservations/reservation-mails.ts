import { formatTime12, type ReservationDetails } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, toGuest, type CafeContact, type MailComposer, type MailContext } from '../platform/mailer/mail-composer.js';
import { longDate, render } from '../platform/mailer/mail-layout.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import {
  bookingInvite,
  bookingReminders,
  cancelledMail,
  changedMail,
  detailLines,
  manageLink,
  stayLine,
  withGames,
  withStay,
  type MailedBooking,
  type MailedDetails,
} from '../booking-flow/index.js';
import { reservationDecider, reservationStream, type ReservationState } from './reservation-decider.js';
import { reservationsProjection } from './reservations-projection.js';

/** The confirmation of a reservation, with its .ics and (when signed) the guest's booking page. */
export function reservationConfirmation(
  reservationId: string,
  details: MailedDetails,
  cafe: CafeContact,
  zone: string,
  messageId: string,
  manageUrl?: string,
): MailMessage {
  const when = `${longDate(details.date)} at ${formatTime12(details.time)}`;
  return render({
    to: details.email,
    subject: `Reservation confirmed: ${when}`,
    greeting: `Hi ${details.name},`,
    paragraphs: [
      `Your table at ${cafe.name} is reserved. We look forward to seeing you!`,
      // With a floor: "We keep your table until 9:30 PM."
      ...stayLine(details),
      manageUrl ? `Questions? Call us at ${cafe.phone}.` : `Need to change or cancel? Call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId,
    manageUrl,
    attachments: [bookingInvite('reservation', reservationId, details, cafe, zone)],
  });
}

/** A reservation as it stood at one revision of its stream, folded from the event store (a read model may lag). */
async function stateAt(context: MailContext, streamId: string, revision?: bigint): Promise<ReservationState> {
  const history = await context.eventStore.readStream(streamId, revision === undefined ? {} : { maxCount: Number(revision) + 1 });
  return fold(reservationDecider, history);
}

const reservation: MailedBooking = {
  async input(event, context, messageId) {
    const state = await stateAt(context, event.streamId, event.revision);
    if (state.status === 'none') return null;
    const id = (event.data as { reservationId: string }).reservationId;
    const [cafe, details] = await Promise.all([context.cafe(), withGames(state.details, context)]);
    const base = { sequence: Number(event.revision), cafe, zone: context.config.zone, messageId };
    return { ...base, kind: 'reservation', id, details, inCalendar: true, awaitingReview: false };
  },
  async detailsAt(streamId, revision, context) {
    const state = await stateAt(context, streamId, revision);
    return state.status === 'none' ? null : state.details;
  },
};

/**
 * A reservation's mails: the guest's confirmation with its .ics, the guest's own change or cancellation
 * through their link, and staff's change or cancellation (with why, when they closed the date).
 */
export const reservationMails: MailComposer = {
  eventTypes: ['ReservationRequested', 'ReservationChanged', 'ReservationCancelled'],
  async compose(event: RecordedEvent, context: MailContext) {
    switch (event.type) {
      case 'ReservationRequested': {
        const { reservationId, source: _s, ...details } = event.data as ReservationDetails & { reservationId: string; source: string };
        const manage = manageLink(context, 'reservation', reservationId, details.date);
        const [cafe, mailed] = await Promise.all([
          context.cafe(),
          withGames(details, context).then((d) => withStay(d, reservationId, context)),
        ]);
        return toGuest(reservationConfirmation(reservationId, mailed, cafe, context.config.zone, mailMessageId(event), manage));
      }
      case 'ReservationChanged':
        return toGuest(await changedMail(event, context, reservation));
      case 'ReservationCancelled':
        return toGuest(await cancelledMail(event, context, reservation));
      default:
        return [];
    }
  },
};

/** The day-before reminder of a reservation, with its booking page. */
export const reservationReminders = bookingReminders('reservation', reservationsProjection.name, async (id, context) => {
  const state = await stateAt(context, reservationStream(id));
  return state.status === 'none' ? null : { confirmed: state.status === 'requested', details: state.details };
});
