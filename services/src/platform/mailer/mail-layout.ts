import { bookingInvite, people } from './booking-invite.js';
import {
  eventTypeLabel,
  formatLongDate,
  formatTime12,
  TEACH_US_LABEL,
  type BookingClosure,
  type PartyBookingDetails,
  type ReservationDetails,
} from '@cafe/contracts';
import type { MailAttachment, MailMessage } from '../platform/mailer/mailer.js';

export { people } from './booking-invite.js';

/** Contact details printed in every e-mail: the business_info read model, else these defaults. */
export interface CafeContact {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** Where a guest books again: the site's reservations (PUBLIC_URL + '/#reservations'); not in the signature. */
  bookUrl?: string;
}

/** A booking as its mails show it: with the titles of the games it asked for (the library's), when it asked. */
export type MailedDetails = ReservationDetails & { eventType?: string; gameTitles?: string[] };

export const DEFAULT_CAFE_NAME = 'Meeple Haven Café';
export const DEFAULT_CAFE_ADDRESS = '1200 Main Street, Waukesha, WI 53186';

// Every mail names its dates and its café: worked out once, not per mail (luxon's were a few % of a booking's CPU).
const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const longDates = new Map<string, string>();
/** '2026-11-28' → 'Saturday, November 28, 2026', as contracts' formatLongDate says it: through one Intl formatter, once per date. */
export function longDate(isoDate: string): string {
  let text = longDates.get(isoDate);
  if (text === undefined) {
    if (longDates.size >= 10_000) longDates.clear();
    text = intlLongDate(isoDate);
    longDates.set(isoDate, text);
  }
  return text;
}

function intlLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || match[1]! < '1000') return formatLongDate(isoDate);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = new Date(ms);
  // Not a real date (2026-02-30): luxon's answer, the ISO text as given.
  if (day.getUTCDate() !== Number(match[3]) || day.getUTCMonth() !== Number(match[2]) - 1) return formatLongDate(isoDate);
  return longDateFormat.format(ms);
}

interface Signature {
  key: string;
  text: string;
  html: string;
}
let signature: Signature | undefined;
/** The café's block that ends every mail, text and HTML, made again only when business info changes. */
function signatureOf(cafe: CafeContact): Signature {
  const key = `${cafe.name}\n${cafe.address}\n${cafe.phone}\n${cafe.email}`;
  if (signature?.key !== key)
    signature = {
      key,
      text: `${key}\n`,
      html: `<p><strong>${esc(cafe.name)}</strong><br>${esc(cafe.address)}<br>${esc(cafe.phone)}<br>${esc(cafe.email)}</p>`,
    };
  return signature;
}

export function detailLines(details: MailedDetails): [string, string][] {
  const games = details.gameTitles?.length ? ([['Games', details.gameTitles.join(', ')]] as [string, string][]) : [];
  const teach = details.teachUs ? ([[TEACH_US_LABEL, 'Yes, our staff will show you how to play']] as [string, string][]) : [];
  return [
    ['Name', details.name],
    ...(details.eventType !== undefined ? ([['Event', eventTypeLabel(details.eventType)]] as [string, string][]) : []),
    ['Party size', people(details.partySize)],
    ['Date', longDate(details.date)],
    ['Time', formatTime12(details.time)],
    ...games,
    ...teach,
    ...(details.specialRequests ? ([['Special requests', details.specialRequests]] as [string, string][]) : []),
  ];
}

export function render(opts: {
  to: string;
  /** Where a reply goes when not to the sender (the café's copy of a request: the guest). */
  replyTo?: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  details: [string, string][];
  cafe: CafeContact;
  messageId: string;
  attachments?: MailAttachment[];
  /** The guest's own booking page (signed link), shown as a button in HTML and a bare URL in text. */
  manageUrl?: string;
  /** A "Book again" link to the site's reservations (the café's bookUrl), for a booking that is over. */
  bookAgain?: boolean;
}): MailMessage {
  const { cafe } = opts;
  const manage = opts.manageUrl ? `To cancel, or change the date, time or party size, open your booking page: ${opts.manageUrl}` : null;
  const book = opts.bookAgain && cafe.bookUrl ? cafe.bookUrl : null;
  const width = Math.max(...opts.details.map(([k]) => k.length)) + 2;
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...opts.details.map(([k, v]) => `  ${`${k}:`.padEnd(width)} ${v}`),
    '',
    ...(manage ? [manage, ''] : []),
    ...(book ? [`Book again: ${book}`, ''] : []),
    signatureOf(cafe).text,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${esc(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<table>${opts.details.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
${opts.manageUrl ? `<p><a href="${esc(opts.manageUrl)}">Manage your booking</a> (cancel, or change the date, time or party size)</p>` : ''}
${book ? `<p><a href="${esc(book)}">Book again</a></p>` : ''}
${signatureOf(cafe).html}
</body></html>`;
  return {
    to: opts.to,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    subject: opts.subject,
    text,
    html,
    messageId: opts.messageId,
    attachments: opts.attachments,
  };
}

const special = /[&<>"']/;
function esc(value: string): string {
  return special.test(value) ? value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : value;
}

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
      manageUrl ? `Questions? Call us at ${cafe.phone}.` : `Need to change or cancel? Call us at ${cafe.phone}.`,
    ],
    details: detailLines(details),
    cafe,
    messageId,
    manageUrl,
    attachments: [bookingInvite('reservation', reservationId, details, cafe, zone)],
  });
}

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

export function partyDecision(
  partyBookingId: string,
  status: 'approved' | 'rejected',
  details: PartyBookingDetails,
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

/** The day before: sent once per booking date by the reminders scheduler (reminders/). */
export function bookingReminder(
  kind: 'reservation' | 'party',
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
export function cancelledBecauseClosed(
  kind: 'reservation' | 'party',
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
