import { formatTime12, type BookingClosure, type EventSignUpEvent } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { cafeEventsProjection, loadSignUp, type CafeEventDoc } from '../cafe-events/index.js';
import { longDate, render, type CafeContact } from './notification-messages.js';

/** What a game night's mails need: the sign-up as its stream holds it, the event, the cancel link. */
export interface SignUpMailDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  /** The guest's signed cancel page for a sign-up (cafe-events/sign-up-link.ts). */
  signUpUrl: (id: string, date: string) => string;
}

type Kind = 'confirmed' | 'waitlisted' | 'promoted' | 'cancelled-by-guest' | 'cancelled-by-staff' | 'cancelled-closed' | 'reminder';

/**
 * The game nights' mails: signed up (with the cancel link), on the waitlist (with the link to leave it),
 * promoted from the waitlist, cancelled; and the day-before reminder. None for a guest since forgotten.
 */
export async function signUpMail(deps: SignUpMailDeps, event: RecordedEvent, cafe: CafeContact): Promise<MailMessage | null> {
  const e = { type: event.type, data: event.data } as EventSignUpEvent;
  const messageId = `<${event.id}@notifications.meeplehaven>`;
  switch (e.type) {
    case 'EventSignedUp':
      return compose(deps, e.data.signUpId, e.data.status, cafe, messageId);
    case 'EventSignUpPromoted':
      return compose(deps, e.data.signUpId, 'promoted', cafe, messageId);
    case 'EventSignUpCancelled':
      // Cancelled because the café closed that day: the one mail says why.
      if (e.data.closure) return compose(deps, e.data.signUpId, 'cancelled-closed', cafe, messageId, e.data.closure);
      return compose(deps, e.data.signUpId, e.data.by === 'guest' ? 'cancelled-by-guest' : 'cancelled-by-staff', cafe, messageId);
    default:
      return null;
  }
}

export async function compose(
  deps: SignUpMailDeps,
  id: string,
  kind: Kind,
  cafe: CafeContact,
  messageId: string,
  closure?: BookingClosure,
): Promise<MailMessage | null> {
  const signUp = await loadSignUp(deps, id);
  if (signUp.status === 'none' || !signUp.guest.email) return null;
  const event = await deps.documents.collection<CafeEventDoc>(cafeEventsProjection.name).get(signUp.ref.eventId);
  const title = event?.title ?? 'our game night';
  const when = `${longDate(signUp.ref.date)}${event?.time ? ` at ${formatTime12(event.time)}` : ''}`;
  const places = `${signUp.places} ${signUp.places === 1 ? 'place' : 'places'}`;
  const are = signUp.places === 1 ? 'is' : 'are';
  const link = deps.signUpUrl(id, signUp.ref.date);
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
