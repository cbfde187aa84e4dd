import {
  DEFAULT_EMAIL,
  DEFAULT_PHONE,
  displayPhone,
  todayIn,
  type BookingClosure,
  type HeldPartyBooking,
  type PartyBookingDecision,
  type PartyChangeDecision,
  type PartyBookingDetails,
  type PartyBookingEvent,
  type ReservationDetails,
} from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { partyBookingDetailsAt, partyBookingDecider, type PartyBookingState } from '../party-bookings/index.js';
import { fold } from '../platform/commands/decider.js';
import { reservationDetailsAt } from '../reservations/index.js';
import { BUSINESS_INFO_ID, businessInfoProjection } from '../business-info/index.js';
import { gameSummariesByIds } from '../game-library/index.js';
import {
  DEFAULT_CAFE_ADDRESS,
  DEFAULT_CAFE_NAME,
  cancelledBecauseClosed,
  partyDecision,
  partyRequestReceived,
  bookingReminder,
  reservationConfirmation,
  type CafeContact,
  type MailedDetails,
} from './notification-messages.js';
import {
  cancelInvite,
  cancelledByCafe,
  cancelledByGuest,
  changedByCafe,
  changedByGuest,
  partyRequestForCafe,
  whatChanged,
  type BookingMailInput,
} from './booking-change-messages.js';
import { changeDeclined, changeToConfirm, partyChangeForCafe } from './party-change-messages.js';
import type { Notification } from './notifications-reactor.js';
import { compose as composeSignUpMail, signUpMail } from './event-sign-up-mails.js';

export interface ComposerDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  zone: string;
  /** The guest's signed "manage your booking" page for a booking (guest-bookings/guest-link.ts). */
  manageUrl: (kind: 'reservation' | 'party', id: string, date: string) => string;
  /** Staff's dashboard, named in the café's copy of a party request. */
  dashboardUrl?: string;
  /** The site's reservations (PUBLIC_URL + '/#reservations'): "Book again" in the mails of a booking that is over. */
  bookUrl?: string;
  /** A game night sign-up's signed cancel page (cafe-events/sign-up-link.ts); without it, no sign-up mails. */
  signUpUrl?: (id: string, date: string) => string;
  /** Other slices' guest mails (open tables): the mail of an event none of the above handles, or null. */
  more?: (event: RecordedEvent, cafe: CafeContact) => Promise<MailMessage | null>;
}

/**
 * What is mailed for an event: the guest's confirmation with its .ics, the party request received (and
 * the café's copy of a request from the website), the party's outcome, the guest's own change or
 * cancellation through their link, and a cancellation by staff (with why, when they closed the date).
 * Delivery (claims, retries, at-most-once) is the reactor's business, not this one's.
 */
export class NotificationComposer {
  constructor(private readonly deps: ComposerDeps) {}

  /** Every mail goes out under the café's name as business info holds it now (MAIL_FROM gives the address). */
  async compose(event: RecordedEvent): Promise<Notification[]> {
    // Read once per event, however many of its mails and lines name the café.
    let contact: Promise<CafeContact> | undefined;
    const cafe = () => (contact ??= this.cafeContact());
    const notifications = await this.notificationsFor(event, cafe);
    if (notifications.length === 0) return notifications;
    const { name } = await cafe();
    return notifications.map((n) => ({ ...n, message: { ...n.message, fromName: name } }));
  }

  private async notificationsFor(event: RecordedEvent, cafe: () => Promise<CafeContact>): Promise<Notification[]> {
    const guest = (message: MailMessage | null): Notification[] => (message ? [{ recipient: 'guest', message }] : []);
    switch (event.type) {
      case 'PartyBookingRequested': {
        const mails = guest(await this.composeGuestMail(event, await cafe()));
        const { source, partyBookingId: _id, ...details } = event.data as PartyBookingDetails & { partyBookingId: string; source: string };
        // Staff who enter a request themselves need no mail about it.
        if (source !== 'public') return mails;
        const dashboard = this.deps.dashboardUrl ?? '/admin';
        const messageId = `<${event.id}.cafe@notifications.meeplehaven>`;
        return [...mails, { recipient: 'cafe', message: partyRequestForCafe(details, await cafe(), messageId, dashboard) }];
      }
      case 'ReservationChanged':
      case 'PartyBookingDetailsChanged':
        return guest(await this.changed(event, await cafe()));
      case 'PartyBookingReturnedToPending':
        return this.returnedToPending(event, await cafe());
      case 'EventSignedUp':
      case 'EventSignUpPromoted':
      case 'EventSignUpCancelled':
        return this.deps.signUpUrl ? guest(await signUpMail({ ...this.deps, signUpUrl: this.deps.signUpUrl }, event, await cafe())) : [];
      default:
        return guest(await this.composeGuestMail(event, await cafe()));
    }
  }

  /** The day-before reminder of a game night sign-up, with its cancel link. */
  async signUpReminder(id: string, messageId: string): Promise<MailMessage | null> {
    if (!this.deps.signUpUrl) return null;
    const cafe = await this.cafeContact();
    const mail = await composeSignUpMail({ ...this.deps, signUpUrl: this.deps.signUpUrl }, id, 'reminder', cafe, messageId);
    return mail && { ...mail, fromName: cafe.name };
  }

  private async composeGuestMail(event: RecordedEvent, cafe: CafeContact): Promise<MailMessage | null> {
    const messageId = `<${event.id}@notifications.meeplehaven>`;
    switch (event.type) {
      case 'ReservationRequested': {
        const {
          reservationId,
          source: _s,
          ...details
        } = event.data as ReservationDetails & {
          reservationId: string;
          source: string;
        };
        const manage = this.deps.manageUrl('reservation', reservationId, details.date);
        return reservationConfirmation(reservationId, await this.withGames(details), cafe, this.deps.zone, messageId, manage);
      }
      case 'PartyBookingRequested': {
        const {
          partyBookingId,
          source: _s,
          ...details
        } = event.data as PartyBookingDetails & {
          partyBookingId: string;
          source: string;
        };
        // A pending request can be cancelled (or resized) by its guest too.
        return partyRequestReceived(details, cafe, messageId, this.deps.manageUrl('party', partyBookingId, details.date));
      }
      case 'PartyBookingApproved':
      case 'PartyBookingRejected': {
        const decision = event.data as PartyBookingDecision;
        const { before, after } = await this.partyStates(event);
        if (after.status === 'none') return null;
        const { details } = after;
        const status = event.type === 'PartyBookingApproved' ? 'approved' : 'rejected';
        const manage = this.deps.manageUrl('party', decision.partyBookingId, details.date);
        // Approving a guest's change to a party approved before: the mail says what changed, the .ics moves the event.
        const held = before.status === 'pending' ? before.held : undefined;
        const change = held && { changed: whatChanged(held, details), sequence: Number(event.revision) };
        return partyDecision(
          decision.partyBookingId,
          status,
          details,
          decision.adminNotes,
          cafe,
          this.deps.zone,
          messageId,
          manage,
          change,
        );
      }
      case 'PartyBookingChangeDeclined': {
        const { before } = await this.partyStates(event);
        const input = await this.bookingMailInput(event, cafe, messageId);
        if (!input || before.status === 'none') return null;
        const { adminNotes } = event.data as PartyChangeDecision;
        return changeDeclined(input, before.details, adminNotes, this.deps.manageUrl('party', input.id, input.details.date));
      }
      case 'ReservationCancelled':
      case 'PartyBookingCancelled': {
        const { closure } = event.data as { closure?: BookingClosure };
        const input = await this.bookingMailInput(event, cafe, messageId);
        if (!input) return null;
        // A closure's cancellation says why, and is the only mail of it.
        if (closure) {
          const calendar = input.inCalendar ? cancelInvite(input) : undefined;
          return cancelledBecauseClosed(input.kind, input.details, closure, cafe, messageId, calendar);
        }
        if (event.metadata.actor.kind === 'guest') return cancelledByGuest(input);
        // Staff tidying up a booking whose day has passed tell nobody.
        if (input.details.date < todayIn(this.deps.zone, new Date(event.metadata.occurredAt))) return null;
        return cancelledByCafe(input);
      }
      default:
        return this.deps.more ? this.deps.more(event, cafe) : null;
    }
  }

  /**
   * A change of the booking's details. The guest's own is confirmed, saying what it was (another day,
   * another time, another size); one that sends an approved party back to staff is told by the event after
   * it (returnedToPending). Staff's change of the date, time or size is mailed the same way, with the
   * calendar event updated; their other edits (a name, a note) and a booking whose day has passed mail nobody.
   */
  private async changed(event: RecordedEvent, cafe: CafeContact): Promise<MailMessage | null> {
    const byGuest = event.metadata.actor.kind === 'guest';
    const { date, time, partySize } = event.data as { date?: string; time?: string; partySize?: number };
    if (!byGuest && date === undefined && time === undefined && partySize === undefined) return null;
    if (byGuest && (await this.returnsToPending(event))) return null;
    const input = await this.bookingMailInput(event, cafe, `<${event.id}@notifications.meeplehaven>`);
    if (!input) return null;
    const detailsAt = input.kind === 'reservation' ? reservationDetailsAt : partyBookingDetailsAt;
    const before = event.revision > 0n ? await detailsAt(this.deps.eventStore, event.streamId, event.revision - 1n) : null;
    // Signed for the new date: a link expires with the day it names.
    const manage = this.deps.manageUrl(input.kind, input.id, input.details.date);
    if (byGuest) return changedByGuest(input, manage, before);
    if (!before || input.details.date < todayIn(this.deps.zone, new Date(event.metadata.occurredAt))) return null;
    return changedByCafe(input, manage, before);
  }

  /** Whether the decision of this change also sent an approved party back to staff (the events after it on its stream). */
  private async returnsToPending(event: RecordedEvent): Promise<boolean> {
    if (event.type !== 'PartyBookingDetailsChanged') return false;
    const next = await this.deps.eventStore.readStream(event.streamId, { fromRevision: event.revision + 1n, maxCount: 2 });
    return next.some((e) => e.type === 'PartyBookingReturnedToPending' && e.metadata.correlationId === event.metadata.correlationId);
  }

  /** An approved party its guest made larger or moved: the guest hears we'll confirm, the café is asked to review it. */
  private async returnedToPending(event: RecordedEvent, cafe: CafeContact): Promise<Notification[]> {
    const messageId = `<${event.id}@notifications.meeplehaven>`;
    const input = await this.bookingMailInput(event, cafe, messageId);
    if (!input) return [];
    const { held } = event.data as { held: HeldPartyBooking };
    const guestMail = changeToConfirm(input, held, this.deps.manageUrl('party', input.id, input.details.date));
    const dashboard = this.deps.dashboardUrl ?? '/admin';
    const details = input.details as PartyBookingDetails;
    const cafeMail = partyChangeForCafe(details, held, cafe, `<${event.id}.cafe@notifications.meeplehaven>`, dashboard);
    return [
      { recipient: 'guest', message: guestMail },
      { recipient: 'cafe', message: cafeMail },
    ];
  }

  /** A party booking just before and just after one of its events, folded from its stream. */
  private async partyStates(event: RecordedEvent): Promise<{ before: PartyBookingState; after: PartyBookingState }> {
    const history = await this.deps.eventStore.readStream(event.streamId, { maxCount: Number(event.revision) + 1 });
    const before = fold<PartyBookingState, PartyBookingEvent>(partyBookingDecider, history.slice(0, -1));
    return { before, after: partyBookingDecider.evolve(before, { type: event.type, data: event.data } as PartyBookingEvent) };
  }

  /** The library's titles of the games a reservation asked for, in the order asked (a game since removed is left out). */
  private async withGames<D extends MailedDetails>(details: D): Promise<D> {
    if (!details.games?.length) return details;
    const found = new Map((await gameSummariesByIds(this.deps.documents, details.games)).map((g) => [g.id, g.title]));
    const gameTitles = details.games.flatMap((id) => found.get(id) ?? []);
    return gameTitles.length ? { ...details, gameTitles } : details;
  }

  /**
   * A booking as its event left it, and whether the guest's calendar holds it: a reservation always,
   * a party once approved (as it stood before this event). Null when there is nothing to tell: no such
   * booking or a declined party. A booking without an e-mail (taken by phone, or its guest forgotten)
   * is composed all the same: the reactor records its mail as skipped.
   */
  private async bookingMailInput(event: RecordedEvent, cafe: CafeContact, messageId: string): Promise<BookingMailInput | null> {
    const base = { sequence: Number(event.revision), cafe, zone: this.deps.zone, messageId };
    if (event.type.startsWith('Reservation')) {
      const details = await reservationDetailsAt(this.deps.eventStore, event.streamId, event.revision);
      const id = (event.data as { reservationId: string }).reservationId;
      return details
        ? { ...base, kind: 'reservation', id, details: await this.withGames(details), inCalendar: true, awaitingReview: false }
        : null;
    }
    const id = (event.data as { partyBookingId: string }).partyBookingId;
    const { before, after } = await this.partyStates(event);
    if (before.status !== 'pending' && before.status !== 'approved') return null;
    if (after.status === 'none') return null;
    // A party approved before its guest's change waiting for staff is in the calendar as approved.
    const inCalendar = before.status === 'approved' || (before.status === 'pending' && before.held !== undefined);
    return { ...base, kind: 'party', id, details: after.details, inCalendar, awaitingReview: after.status === 'pending' };
  }

  /** The day-before reminder of a booking, with its manage link. */
  async reminder(
    kind: 'reservation' | 'party',
    id: string,
    details: ReservationDetails & { eventType?: string },
    messageId: string,
  ): Promise<MailMessage> {
    const cafe = await this.cafeContact();
    const mailed = await this.withGames(details);
    return { ...bookingReminder(kind, mailed, cafe, messageId, this.deps.manageUrl(kind, id, details.date)), fromName: cafe.name };
  }

  private async cafeContact(): Promise<CafeContact> {
    const doc = await this.deps.documents.collection(businessInfoProjection.name).get(BUSINESS_INFO_ID);
    const text = (key: string) => {
      const value = doc?.[key];
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    return {
      name: text('name') ?? DEFAULT_CAFE_NAME,
      address: text('address') ?? DEFAULT_CAFE_ADDRESS,
      // Shown as the site shows it, (262) 555-0199, even if stored as typed before the form formatted it.
      phone: displayPhone(text('phone') ?? DEFAULT_PHONE),
      email: text('email') ?? DEFAULT_EMAIL,
      ...(this.deps.bookUrl ? { bookUrl: this.deps.bookUrl } : {}),
    };
  }
}
