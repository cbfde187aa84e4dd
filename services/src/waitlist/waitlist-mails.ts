import {
  cafeTimeOfDay,
  formatLongDate,
  formatTime12,
  holdUntilText,
  offerSubject,
  offerText,
  todayIn,
  waitlistJoinedSubject,
} from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, toGuest, type MailComposer, type MailContext } from '../platform/mailer/mail-composer.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { waitlistLinks } from '../guest-links/index.js';
import { waitlistDayDecider, waitlistDayStream, type WaitlistDayEvent } from './waitlist-day-decider.js';
import { waitlistEntryDecider, waitlistEntryStream, type WaitlistJoinedData } from './waitlist-entry.js';

/**
 * The waitlist's mails (delivered by notifications, once per event): "you're on the waitlist" with the link
 * to see or leave the place, and an offer with the links to take it or pass and until when it is held.
 * Nothing goes to a guest whose data was erased.
 */
export const waitlistMails: MailComposer = {
  eventTypes: ['WaitlistJoined', 'OfferMade'],
  async compose(event, context) {
    return toGuest(await waitlistMail(event, context));
  },
};

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

async function entryOf(context: MailContext, entryId: string): Promise<WaitlistJoinedData | null> {
  const state = fold(waitlistEntryDecider, await context.eventStore.readStream(waitlistEntryStream(entryId)));
  return state.status === 'joined' && !state.erased && state.entry.email ? state.entry : null;
}

async function waitlistMail(recorded: RecordedEvent, context: MailContext): Promise<MailMessage | null> {
  const { config } = context;
  const links = waitlistLinks(config);
  const { name: cafe } = await context.cafe();
  const sign = `\n\n${cafe}\n`;
  if (recorded.type === 'WaitlistJoined') {
    const { entryId } = recorded.data as WaitlistJoinedData;
    const entry = await entryOf(context, entryId);
    if (!entry) return null;
    const day = fold(waitlistDayDecider, await context.eventStore.readStream(waitlistDayStream(entry.date)));
    const waiting = day.entries.filter((e) => e.status === 'waiting');
    const place = waiting.findIndex((e) => e.entryId === entryId) + 1;
    const link = links.url('entry', entry.date, entryId);
    return {
      to: entry.email,
      subject: waitlistJoinedSubject(entry.date),
      text:
        `Hi ${entry.name}, you're on the waitlist for a table for ${people(entry.partySize)} on ${formatLongDate(entry.date)}, ` +
        (entry.from === entry.to
          ? `at ${formatTime12(entry.from)}.`
          : `between ${formatTime12(entry.from)} and ${formatTime12(entry.to)}.`) +
        (place > 0 ? ` You're number ${place}.` : '') +
        ` We'll e-mail you as soon as a table frees up.\n\nSee or leave your place: ${link}${sign}`,
      messageId: mailMessageId(recorded),
    };
  }
  if (recorded.type === 'OfferMade') {
    const offer = (recorded as unknown as WaitlistDayEvent & { type: 'OfferMade' }).data;
    const entry = await entryOf(context, offer.entryId);
    if (!entry) return null;
    const until = new Date(offer.holdUntil);
    const untilDate = todayIn(config.zone, until);
    // The time alone only when the hold ends on the offer's own day, the café's today when written;
    // an offer for another day names the day the hold ends.
    const today = todayIn(config.zone, new Date(recorded.metadata.occurredAt));
    const untilText = holdUntilText(untilDate, cafeTimeOfDay(config.zone, until), untilDate === today && offer.date === today);
    const link = links.url('offer', offer.date, offer.offerId);
    return {
      to: entry.email,
      subject: offerSubject(offer.date, offer.time),
      text:
        `Hi ${entry.name},\n\n${offerText(offer.date, offer.time, offer.partySize, untilText)}` +
        `\n\nTake it: ${link}\nPass: ${link}?answer=pass${sign}`,
      messageId: mailMessageId(recorded),
    };
  }
  return null;
}
