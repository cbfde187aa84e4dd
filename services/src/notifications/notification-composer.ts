import {
  DEFAULT_EMAIL,
  DEFAULT_PHONE,
  displayPhone,
  todayIn,
  type BookingClosure,
  type PartyBookingDecision,
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
import {
  DEFAULT_CAFE_ADDRESS,
  DEFAULT_CAFE_NAME,
  cancelledBecauseClosed,
  partyDecision,
  partyRequestReceived,
  bookingReminder,
  reservationConfirmation,
  type CafeContact,
} from './notification-messages.js';
import {
  cancelInvite,
  cancelledByCafe,
  cancelledByGuest,
  changedByGuest,
  partyRequestForCafe,
  type BookingMailInput,
} from './booking-change-messages.js';
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
        // Staff's own edits are theirs to tell the guest about; the guest's are confirmed.
        return event.metadata.actor.kind === 'guest' ? guest(await this.changedByGuest(event, await cafe())) : [];
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
        return reservationConfirmation(reservationId, details, cafe, this.deps.zone, messageId, manage);
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
        const details = await partyBookingDetailsAt(this.deps.eventStore, event.streamId, event.revision);
        if (!details) return null;
        const status = event.type === 'PartyBookingApproved' ? 'approved' : 'rejected';
        const manage = this.deps.manageUrl('party', decision.partyBookingId, details.date);
        return partyDecision(decision.partyBookingId, status, details, decision.adminNotes, cafe, this.deps.zone, messageId, manage);
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

  /** The guest's own change: the mail says what it was (another day, another time, another size). */
  private async changedByGuest(event: RecordedEvent, cafe: CafeContact): Promise<MailMessage | null> {
    const input = await this.bookingMailInput(event, cafe, `<${event.id}@notifications.meeplehaven>`);
    if (!input) return null;
    const detailsAt = input.kind === 'reservation' ? reservationDetailsAt : partyBookingDetailsAt;
    const before = event.revision > 0n ? await detailsAt(this.deps.eventStore, event.streamId, event.revision - 1n) : null;
    // Signed for the new date: a link expires with the day it names.
    return changedByGuest(input, this.deps.manageUrl(input.kind, input.id, input.details.date), before);
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
      return details ? { ...base, kind: 'reservation', id, details, inCalendar: true } : null;
    }
    const id = (event.data as { partyBookingId: string }).partyBookingId;
    const history = await this.deps.eventStore.readStream(event.streamId, { maxCount: Number(event.revision) + 1 });
    const before = fold<PartyBookingState, PartyBookingEvent>(partyBookingDecider, history.slice(0, -1));
    if (before.status !== 'pending' && before.status !== 'approved') return null;
    const after = partyBookingDecider.evolve(before, { type: event.type, data: event.data } as PartyBookingEvent);
    if (after.status === 'none') return null;
    return { ...base, kind: 'party', id, details: after.details, inCalendar: before.status === 'approved' };
  }

  /** The day-before reminder of a booking, with its manage link. */
  async reminder(
    kind: 'reservation' | 'party',
    id: string,
    details: ReservationDetails & { eventType?: string },
    messageId: string,
  ): Promise<MailMessage> {
    const cafe = await this.cafeContact();
    return { ...bookingReminder(kind, details, cafe, messageId, this.deps.manageUrl(kind, id, details.date)), fromName: cafe.name };
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
    };
  }
}
