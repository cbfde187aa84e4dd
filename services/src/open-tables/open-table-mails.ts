import { OPEN_TABLE_HOST_PATH, firstNameOf, formatLongDate, formatTime12, type OpenTableEvent } from '@cafe/contracts';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { loadState } from '../platform/commands/command-runner.js';
import { reservationDecider, reservationStream } from '../reservations/index.js';
import { openTableDecider, openTableStream } from './open-table-decider.js';

export const OPEN_TABLE_MAIL_TYPES = ['JoinRequested', 'JoinAccepted', 'JoinDeclined', 'JoinerToldTableClosed'] as const;

export interface OpenTableMailDeps {
  eventStore: EventStore;
  cafeName: string;
  /** The host's signed booking link (guest-bookings' guest links), here pointing at the open-table page. */
  hostToken: (reservationId: string, date: string) => string;
  publicUrl: string;
}

/**
 * The mails of an open table (sent by the notifications reactor, one claim per event): the host hears
 * of each request with a link to answer it; the joiner hears the answer. Nothing is sent to a guest whose
 * data was erased, or for a table whose reservation is gone.
 */
export async function openTableMail(recorded: RecordedEvent, deps: OpenTableMailDeps): Promise<MailMessage | null> {
  if (!(OPEN_TABLE_MAIL_TYPES as readonly string[]).includes(recorded.type)) return null;
  const event = recorded as unknown as OpenTableEvent;
  const table = await loadState(deps.eventStore, openTableDecider, openTableStream(event.data.tableId));
  if (table.state.status === 'none') return null;
  const reservation = await loadState(deps.eventStore, reservationDecider, reservationStream(table.state.reservationId));
  if (reservation.state.status !== 'requested' || !reservation.state.details.email) return null;
  const { date, time, email: hostEmail } = reservation.state.details;
  const when = `${formatLongDate(date)} at ${formatTime12(time)}`;
  const game = table.state.game;
  const sign = `\n\n${deps.cafeName}\n`;
  const messageId = `<${recorded.id}@notifications.meeplehaven>`;
  switch (event.type) {
    case 'JoinRequested': {
      const { name, partySize } = event.data;
      if (!name || !hostEmail) return null;
      const link = `${deps.publicUrl}${OPEN_TABLE_HOST_PATH}?token=${deps.hostToken(table.state.reservationId, date)}`;
      // The first name only, and none in the subject: the subject is kept in the mail's claim event, which
      // is sealed with the host's key, not the joiner's, so `forget` of the joiner could not reach it.
      const first = firstNameOf(name);
      const who = partySize === 1 ? first : `${first} (${partySize} people)`;
      return {
        to: hostEmail,
        subject: 'A new player asks to join your table',
        text: `${who} would like to join your table on ${when} to play ${game}.\n\nAccept or decline: ${link}${sign}`,
        messageId,
      };
    }
    case 'JoinAccepted':
    case 'JoinDeclined': {
      const joined = await joinerOf(deps.eventStore, recorded, event.data.requestId);
      if (!joined?.email) return null;
      const accepted = event.type === 'JoinAccepted';
      return {
        to: joined.email,
        subject: accepted ? 'You are in: see you at the table!' : 'Your request to join a table',
        text: accepted
          ? `Hi ${joined.name}, your request to join the ${game} table on ${when} was accepted. See you there!${sign}`
          : `Hi ${joined.name}, sorry: the ${game} table on ${when} cannot take you this time. Other tables are open at ${deps.publicUrl}/open-tables.${sign}`,
        messageId,
      };
    }
    case 'JoinerToldTableClosed': {
      const joined = await joinerOf(deps.eventStore, recorded, event.data.requestId);
      if (!joined?.email) return null;
      // The host's first name only (as the public listing shows it), never their surname or e-mail.
      const hostFirst = firstNameOf(reservation.state.details.name);
      return {
        to: joined.email,
        subject: 'The table you asked to join has closed',
        text: `Hi ${joined.name}, ${hostFirst || 'the host'} has closed the ${game} table on ${when}, so it will not go ahead with you this time. Other tables are open at ${deps.publicUrl}/open-tables.${sign}`,
        messageId,
      };
    }
    default:
      return null;
  }
}

/** The joiner's name and e-mail as their request recorded them ('' once forgotten). */
async function joinerOf(eventStore: EventStore, recorded: RecordedEvent, requestId: string) {
  const events = await eventStore.readStream(recorded.streamId);
  const request = events.find((e) => e.type === 'JoinRequested' && (e.data as { requestId: string }).requestId === requestId);
  return request ? (request.data as { name: string; email: string }) : null;
}
