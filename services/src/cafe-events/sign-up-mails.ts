import { formatTime12, type BookingClosure, type EventSignUpEvent } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import type { Config } from '../platform/config.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { mailMessageId, toGuest, type MailComposer, type MailContext } from '../platform/mailer/mail-composer.js';
import { longDate, render } from '../platform/mailer/mail-layout.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { signUpLinks, type SignUpLinks } from '../guest-links/index.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { signUpDecider, signUpStream, type SignUpState } from './sign-up-decider.js';

/** A sign-up as its stream holds it now (a read model may lag behind the event being mailed). */
export async function currentSignUp(context: Pick<MailContext, 'eventStore'>, id: string): Promise<SignUpState> {
  return fold(signUpDecider, await context.eventStore.readStream(signUpStream(id)));
}

const links = new WeakMap<Config, SignUpLinks>();
/** A game night sign-up's signed cancel page. */
function signUpUrl(context: Pick<MailContext, 'config'>, id: string, date: string): string {
  let signer = links.get(context.config);
  if (!signer) links.set(context.config, (signer = signUpLinks(context.config)));
  return signer.url(id, date);
}

type Kind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled-by-guest' | 'cancelled-by-staff' | 'cancelled-closed' | 'reminder';

/**
 * The game nights' mails: signed up (with the cancel link), on the waitlist (with the link to leave it),
 * promoted from the waitlist, cancelled; and the day-before reminder (sign-up-reminders.ts). None for a
 * guest since forgotten.
 */
export const signUpMails: MailComposer = {
  eventTypes: ['EventSignedUp', 'EventSignUpPromoted', 'EventSignUpCancelled'],
  async compose(recorded: RecordedEvent, context: MailContext) {
    const e = { type: recorded.type, data: recorded.data } as EventSignUpEvent;
    const messageId = mailMessageId(recorded);
    switch (e.type) {
      case 'EventSignedUp':
        return toGuest(await signUpMail(context, e.data.signUpId, e.data.status, messageId));
      case 'EventSignUpPromoted':
        return toGuest(await signUpMail(context, e.data.signUpId, 'promoted', messageId));
      case 'EventSignUpCancelled': {
        // Cancelled because the café closed that day: the one mail says why.
        if (e.data.closure) return toGuest(await signUpMail(context, e.data.signUpId, 'cancelled-closed', messageId, e.data.closure));
        const kind = e.data.by === 'guest' ? 'cancelled-by-guest' : 'cancelled-by-staff';
        return toGuest(await signUpMail(context, e.data.signUpId, kind, messageId));
      }
      default:
        return [];
    }
  },
};

/** One sign-up's mail of a kind, as the sign-up and its event stand now; null for a guest since forgotten. */
export async function signUpMail(
  context: MailContext,
  id: string,
  kind: Kind,
  messageId: string,
  closure?: BookingClosure,
): Promise<MailMessage | null> {
  const signUp = await currentSignUp(context, id);
  if (signUp.status === 'none' || !signUp.guest.email) return null;
  const [event, cafe] = await Promise.all([
    context.documents.collection<CafeEventDoc>(cafeEventsProjection.name).get(signUp.ref.eventId),
    context.cafe(),
  ]);
  const title = event?.title ?? 'our game night';
  const when = `${longDate(signUp.ref.date)}${event?.time ? ` at ${formatTime12(event.time)}` : ''}`;
  const places = `${signUp.places} ${signUp.places === 1 ? 'place' : 'places'}`;
  const are = signUp.places === 1 ? 'is' : 'are';
  const link = signUpUrl(context, id, signUp.ref.date);
  const details: [string, string][] = [
    ['Event', title],
    ['Date', longDate(signUp.ref.date)],
    ...(event?.time ? ([['Time', formatTime12(event.time)]] as [string, string][]) : []),
    // Where the event is held, when staff named a place (another room, an address).
    ...(event?.location ? ([['Place', event.location]] as [string, string][]) : []),
    ['Places', String(signUp.places)],
    ...(event?.price ? ([['Price', event.price]] as [string, string][]) : []),
    ['Name', signUp.guest.name],
  ];
  const text = {
    confirmed: {
      subject: `You're signed up: ${title}, ${longDate(signUp.ref.date)}`,
      paragraphs: [
        `You're signed up for ${title} on ${when}: ${places} ${are} yours.`,
        `Can't make it? Cancel your sign-up here, so someone on the waitlist gets your places: ${link}`,
      ],
    },
    waitlisted: {
      subject: `You're on the waitlist: ${title}, ${longDate(signUp.ref.date)}`,
      paragraphs: [
        `${title} on ${when} is full, so you're on the waitlist for ${places}. If places open up, they go to the waitlist in order and we'll e-mail you at once.`,
        `To leave the waitlist: ${link}`,
      ],
    },
    promoted: {
      subject: `A place opened up: you're in for ${title}`,
      paragraphs: [
        `Good news: places opened up for ${title} on ${when}, and ${places} ${are} now yours.`,
        `Can't make it after all? Cancel here: ${link}`,
      ],
    },
    'cancelled-by-guest': {
      subject: `Sign-up cancelled: ${title}, ${longDate(signUp.ref.date)}`,
      paragraphs: [`Your sign-up for ${title} on ${when} is cancelled, as you asked. We hope to see you at another game night.`],
    },
    'cancelled-by-staff': {
      subject: `Sign-up cancelled: ${title}, ${longDate(signUp.ref.date)}`,
      paragraphs: [`We had to cancel your sign-up for ${title} on ${when}. Questions? Call us at ${cafe.phone}.`],
    },
    'cancelled-closed': {
      subject: `Sign-up cancelled: ${title}, ${longDate(signUp.ref.date)}: we are closed`,
      paragraphs: [
        `We are sorry: ${cafe.name} will be closed on ${longDate(signUp.ref.date)} (${closure?.reason ?? ''}), so ${title} will not take place that day and we have had to cancel your sign-up.`,
        `We hope to see you at another game night. Questions? Call us at ${cafe.phone}.`,
      ],
    },
    reminder: {
      subject: `Reminder: ${title} tomorrow${event?.time ? ` at ${formatTime12(event.time)}` : ''}`,
      paragraphs: [
        `A reminder: ${title} at ${cafe.name} is tomorrow, ${when}, and ${places} ${are} yours.`,
        `Can't make it? Cancel here: ${link}`,
      ],
    },
  }[kind];
  return render({ to: signUp.guest.email, greeting: `Hi ${signUp.guest.name},`, details, cafe, messageId, ...text });
}
