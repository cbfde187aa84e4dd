/**
 * Event shapes shared by services (deciders, projections) and anything that reads history.
 * Names are past tense; data is plain JSON; metadata is the audit trail.
 */
export type Actor =
  | { kind: 'visitor' }
  | { kind: 'admin'; email: string; userId: string }
  | { kind: 'system'; name: string };

export interface EventMetadata {
  /** ISO instant the command was decided. */
  occurredAt: string;
  actor: Actor;
  /** The request id that caused the command. */
  correlationId: string;
  /** The id of the message (request or event) that directly caused this event. */
  causationId: string;
  /** Version of the event's data shape; upcasters raise old versions. */
  schemaVersion?: number;
}

export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'visitor':
      return 'visitor';
    case 'admin':
      return actor.email;
    case 'system':
      return `system (${actor.name})`;
  }
}

export interface ReservationDetails {
  name: string;
  email: string;
  phone: string;
  partySize: number;
  date: string;
  time: string;
  specialRequests?: string;
}

export type ReservationEvent =
  | { type: 'ReservationRequested'; data: ReservationDetails & { reservationId: string; source: 'public' | 'admin' } }
  | { type: 'ReservationChanged'; data: DetailsChange<ReservationDetails> & { reservationId: string } }
  | { type: 'ReservationCancelled'; data: { reservationId: string } };

export const RESERVATION_EVENT_TYPES = ['ReservationRequested', 'ReservationChanged', 'ReservationCancelled'] as const;

/** A party booking is a reservation with an event type; it waits for an admin's decision. */
export interface PartyBookingDetails extends ReservationDetails {
  eventType: string;
}

/** Recorded with every decision: approvedBy is the deciding admin's e-mail (SPEC.md §3 field names). */
export interface PartyBookingDecision {
  partyBookingId: string;
  approvedBy: string;
  approvedAt: string;
  adminNotes?: string;
}

/**
 * Edits may clear the optional special requests: `null` in a change means "removed"
 * (undefined would vanish in JSON and mean "not changed").
 */
export type DetailsChange<D> = Partial<Omit<D, 'specialRequests'>> & { specialRequests?: string | null };

export type PartyBookingEvent =
  | { type: 'PartyBookingRequested'; data: PartyBookingDetails & { partyBookingId: string; source: 'public' | 'admin' } }
  | { type: 'PartyBookingDetailsChanged'; data: DetailsChange<PartyBookingDetails> & { partyBookingId: string } }
  | { type: 'PartyBookingApproved'; data: PartyBookingDecision }
  | { type: 'PartyBookingRejected'; data: PartyBookingDecision }
  | { type: 'PartyBookingNotesChanged'; data: { partyBookingId: string; adminNotes: string | null } }
  | { type: 'PartyBookingCancelled'; data: { partyBookingId: string } };

export const PARTY_BOOKING_EVENT_TYPES = [
  'PartyBookingRequested',
  'PartyBookingDetailsChanged',
  'PartyBookingApproved',
  'PartyBookingRejected',
  'PartyBookingNotesChanged',
  'PartyBookingCancelled',
] as const;

/** One stream per calendar date (blockedDate-<yyyy-MM-dd>): a date is blocked at most once at a time. */
export type BlockedDateEvent =
  | { type: 'DateBlocked'; data: { blockedDateId: string; date: string; reason: string } }
  | { type: 'DateUnblocked'; data: { blockedDateId: string; date: string } };

export const BLOCKED_DATE_EVENT_TYPES = ['DateBlocked', 'DateUnblocked'] as const;

export type BookingEvent = ReservationEvent | PartyBookingEvent;
