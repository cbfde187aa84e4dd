import {
  DEFAULT_EMAIL,
  DEFAULT_PHONE,
  type BookingClosure,
  type PartyBookingDecision,
  type PartyBookingDetails,
  type ReservationDetails,
} from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { partyBookingDetailsAt } from '../party-bookings/party-booking-commands.js';
import { reservationDetailsAt } from '../reservations/reservation-commands.js';
import { BUSINESS_INFO_ID, businessInfoProjection } from '../business-info/business-info-projection.js';
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

export interface ComposerDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  zone: string;
  /** The guest's signed "manage your booking" page for a booking (bookings/guest-link.ts). */
  manageUrl: (kind: 'reservation' | 'party', id: string, date: string) => string;
}

/**
 * What a guest is mailed for an event: the confirmation with its .ics, the party request received, the
 * party's outcome, a cancellation because staff closed the booking's date. Delivery (claims, retries, at-most-once) is the reactor's business, not this one's.
 */
export class NotificationComposer {
  constructor(private readonly deps: ComposerDeps) {}

  async compose(event: RecordedEvent): Promise<MailMessage | null> {
    const cafe = await this.cafeContact();
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
        // Only a cancellation because staff closed the date tells the guest; others are staff's own doing.
        const { closure } = event.data as { closure?: BookingClosure };
        if (!closure) return null;
        const party = event.type === 'PartyBookingCancelled';
        const details = party
          ? await partyBookingDetailsAt(this.deps.eventStore, event.streamId, event.revision)
          : await reservationDetailsAt(this.deps.eventStore, event.streamId, event.revision);
        if (!details) return null;
        return cancelledBecauseClosed(party ? 'party' : 'reservation', details, closure, cafe, messageId);
      }
      default:
        return null;
    }
  }

  /** The day-before reminder of a booking, with its manage link. */
  async reminder(
    kind: 'reservation' | 'party',
    id: string,
    details: ReservationDetails & { eventType?: string },
    messageId: string,
  ): Promise<MailMessage> {
    return bookingReminder(kind, details, await this.cafeContact(), messageId, this.deps.manageUrl(kind, id, details.date));
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
      phone: text('phone') ?? DEFAULT_PHONE,
      email: text('email') ?? DEFAULT_EMAIL,
    };
  }
}
