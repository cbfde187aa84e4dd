import { OPEN_TABLE_HOST_PATH, firstNameOf, formatLongDate, formatTime12, type BookingClosure, type OpenTableEvent } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { Config } from '../platform/config.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, toGuest, type MailComposer } from '../platform/mailer/mail-composer.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { guestLinks, type GuestLinks } from '../guest-links/index.js';
import { reservationDecider, reservationStream } from '../reservations/index.js';
import { openTableDecider, openTableStream } from './open-table-decider.js';

interface OpenTableMailDeps {
  eventStore: EventStore;
  cafeName: string;
  /** The host's signed booking link (guest-links), here pointing at the open-table page. */
  hostToken: (reservationId: string, date: string) => string;
  publicUrl: string;
}

const links = new WeakMap<Config, GuestLinks>();
const hostLinks = (config: Config): GuestLinks => {
  let signer = links.get(config);
  if (!signer) links.set(config, (signer = guestLinks(config)));
  return signer;
};

/**
 * The mails of an open table (delivered by notifications, one claim per event): the host hears of each
 * request with a link to answer it; the joiner hears the answer. Nothing is sent to a guest whose data
 * was erased, or for a table whose reservation is gone.
 */
export const openTableMails: MailComposer = {
  eventTypes: ['JoinRequested', 'JoinAccepted', 'JoinDeclined', 'JoinerToldTableClosed'],
  async compose(event, context) {
    const { config, eventStore } = context;
    const { name: cafeName } = await context.cafe();
    const deps: OpenTableMailDeps = {
      eventStore,
      cafeName,
      publicUrl: config.publicUrl,
      hostToken: (reservationId, date) => hostLinks(config).sign('reservation', reservationId, date, config.zone),
    };
    return toGuest(await openTableMail(event, deps));
  },
};

async function openTableMail(recorded: RecordedEvent, deps: OpenTableMailDeps): Promise<MailMessage | null> {
  const event = recorded as unknown as OpenTableEvent;
  const table = fold(openTableDecider, await deps.eventStore.readStream(openTableStream(event.data.tableId)));
  if (table.status === 'none') return null;
  const reservation = fold(reservationDecider, await deps.eventStore.readStream(reservationStream(table.reservationId)));
  // Closed with its day: the host's reservation is cancelled by then, and the joiner hears why all the same.
  if (event.type === 'JoinerToldTableClosed' && event.data.closure && reservation.status !== 'none') {
    return closedWithDay(deps, recorded, event.data.requestId, event.data.closure, table.game, reservation.details);
  }
  if (reservation.status !== 'requested' || !reservation.details.email) return null;
  const { date, time, email: hostEmail } = reservation.details;
  const when = `${formatLongDate(date)} at ${formatTime12(time)}`;
  const game = table.game;
  const sign = `\n\n${deps.cafeName}\n`;
  const messageId = mailMessageId(recorded);
  switch (event.type) {
    case 'JoinRequested': {
      const { name, partySize } = event.data;
      if (!name || !hostEmail) return null;
      const link = `${deps.publicUrl}${OPEN_TABLE_HOST_PATH}?token=${deps.hostToken(table.reservationId, date)}`;
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
      const hostFirst = firstNameOf(reservation.details.name);
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

/** A joiner told that the café closed on the table's day, so the table will not go ahead. */
async function closedWithDay(
  deps: OpenTableMailDeps,
  recorded: RecordedEvent,
  requestId: string,
  closure: BookingClosure,
  game: string,
  details: { date: string; time: string },
): Promise<MailMessage | null> {
  const joined = await joinerOf(deps.eventStore, recorded, requestId);
  if (!joined?.email) return null;
  const when = `${formatLongDate(details.date)} at ${formatTime12(details.time)}`;
  // Closed that day, or open other hours that no longer seat the table (closure.hours).
  const why = closure.hours
    ? `${deps.cafeName} has changed its opening hours that day`
    : `${deps.cafeName} is closed on ${formatLongDate(details.date)} (${closure.reason})`;
  return {
    to: joined.email,
    subject: `The ${game} table on ${formatLongDate(details.date)} is cancelled: ${closure.hours ? 'our hours have changed' : 'we are closed'}`,
    text: `Hi ${joined.name}, we are sorry: ${why}, so the ${game} table on ${when} will not go ahead. Other tables are open at ${deps.publicUrl}/open-tables.\n\n${deps.cafeName}\n`,
    messageId: mailMessageId(recorded),
  };
}

/** The joiner's name and e-mail as their request recorded them ('' once forgotten). */
async function joinerOf(eventStore: EventStore, recorded: RecordedEvent, requestId: string) {
  const events = await eventStore.readStream(recorded.streamId);
  const request = events.find((e) => e.type === 'JoinRequested' && (e.data as { requestId: string }).requestId === requestId);
  return request ? (request.data as { name: string; email: string }) : null;
}
