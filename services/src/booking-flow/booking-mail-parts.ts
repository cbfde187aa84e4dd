import {
  eventTypeLabel,
  formatTime12,
  tableUntilText,
  TEACH_US_LABEL,
  type GuestBookingKind,
  type ReservationDetails,
} from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import {
  FLOOR_DOC_ID,
  holdIn,
  holdsOf,
  seatingDecider,
  seatingProjection,
  seatingStream,
  tablesOut,
  type SeatingFloorDoc,
  type TablesOut,
} from '../cafe-day/index.js';

import type { Config } from '../platform/config.js';
import { calendarInvite, type InviteCafe } from '../platform/mailer/calendar-invite.js';
import type { CafeContact, MailContext } from '../platform/mailer/mail-composer.js';
import { longDate } from '../platform/mailer/mail-layout.js';
import type { MailAttachment } from '../platform/mailer/mailer.js';
import { guestLinks, type GuestLinks } from '../guest-links/index.js';

// What the mails of reservations and party bookings share: the booking's lines, its calendar event, its link.

export const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/**
 * A booking as its mails show it: with the titles of the games it asked for (the library's), when it asked,
 * and with a floor its tables and the end of its stay.
 */
export type MailedDetails = ReservationDetails & { eventType?: string; gameTitles?: string[] } & TablesOut;

export const when = (d: { date: string; time: string }) => `${longDate(d.date)} at ${formatTime12(d.time)}`;

export function detailLines(details: MailedDetails): [string, string][] {
  const games = details.gameTitles?.length ? ([['Games', details.gameTitles.join(', ')]] as [string, string][]) : [];
  const teach = details.teachUs ? ([[TEACH_US_LABEL, 'Yes, our staff will show you how to play']] as [string, string][]) : [];
  const tables = details.tables?.length
    ? ([[details.tables.length > 1 ? 'Tables' : 'Table', details.tables.join(' + ')]] as [string, string][])
    : [];
  return [
    ['Name', details.name],
    ...(details.eventType !== undefined ? ([['Event', eventTypeLabel(details.eventType)]] as [string, string][]) : []),
    ['Party size', people(details.partySize)],
    ['Date', longDate(details.date)],
    ['Time', formatTime12(details.time)],
    ...tables,
    ...games,
    ...teach,
    ...(details.specialRequests ? ([['Special requests', details.specialRequests]] as [string, string][]) : []),
  ];
}

/** The calendar event of a booking: one UID per booking, whichever mail carries it (confirmation, change, cancellation). */
export function bookingInvite(
  kind: GuestBookingKind,
  id: string,
  details: ReservationDetails & { eventType?: string },
  cafe: InviteCafe,
  zone: string,
  version: { sequence?: number; method?: 'PUBLISH' | 'CANCEL' } = {},
): MailAttachment {
  const party = kind === 'party';
  return calendarInvite({
    uid: `${kind}-${id}@meeplehaven`,
    ...version,
    title: party ? `${eventTypeLabel(details.eventType)} at ${cafe.name}` : `Table for ${details.partySize} at ${cafe.name}`,
    description: `${party ? 'Party booking' : 'Reservation'} for ${details.name}, ${people(details.partySize)}.`,
    date: details.date,
    time: details.time,
    zone,
    hours: party ? 3 : 2,
    cafe,
  });
}

/** 'Moved from <day> at <time> to <day> at <time>.' and/or 'Party size changed from 4 people to 6 people.' */
export function whatChanged(before: { date: string; time: string; partySize: number }, after: ReservationDetails): string[] {
  const moved = before.date !== after.date || before.time !== after.time;
  return [
    ...(moved ? [`Moved from ${when(before)} to ${when(after)}.`] : []),
    ...(before.partySize !== after.partySize ? [`Party size changed from ${people(before.partySize)} to ${people(after.partySize)}.`] : []),
  ];
}

const links = new WeakMap<Config, GuestLinks>();
/** The guest's signed "manage your booking" page, valid until the end of the day it names. */
export function manageLink(context: Pick<MailContext, 'config'>, kind: GuestBookingKind, id: string, date: string): string {
  const { config } = context;
  let signer = links.get(config);
  if (!signer) links.set(config, (signer = guestLinks(config)));
  return signer.url(config.publicUrl, kind, id, date, config.zone);
}

/** The library's titles of the games a booking asked for, in the order asked (a game since removed is left out). */
export async function withGames<D extends MailedDetails>(details: D, context: Pick<MailContext, 'gameTitles'>): Promise<D> {
  if (!details.games?.length) return details;
  const gameTitles = await context.gameTitles(details.games);
  return gameTitles.length ? { ...details, gameTitles } : details;
}

/**
 * The mails of a booking's later life: the booking as its event left it. The .ics of a booking keeps the
 * UID of its first invitation and carries the booking stream's revision as SEQUENCE, so the guest's
 * calendar moves or removes the event it already holds.
 */
export interface BookingMailInput {
  kind: GuestBookingKind;
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

/**
 * The booking's tables and the end of its stay as its day's stream holds them now (the authority: a read
 * model may lag the mail); nothing without a floor, or when it holds no seats (a pending party). A café
 * without a floor reads no day stream.
 */
export async function withStay<D extends MailedDetails>(
  details: D,
  id: string,
  context: Pick<MailContext, 'eventStore' | 'documents'>,
): Promise<D> {
  const floor = await context.documents.collection<SeatingFloorDoc>(seatingProjection.name).get(FLOOR_DOC_ID);
  if (!floor?.floor) return details;
  const day = fold(seatingDecider, await context.eventStore.readStream(seatingStream(details.date)));
  const stay = tablesOut(holdIn(holdsOf(day), id));
  return stay.stayUntil ? { ...details, ...stay } : details;
}

/** What the confirmation says of the stay: "We keep your table until 9:30 PM." (none without a floor). */
export const stayLine = (details: MailedDetails): string[] => (details.stayUntil ? [`We keep ${tableUntilText(details.stayUntil)}.`] : []);
