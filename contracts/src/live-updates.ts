import { z } from 'zod';

/**
 * The staff dashboard's live updates: GET /api/admin/live-updates is a server-sent event stream that
 * says which booking lists changed once the read models hold the change. A notice never carries
 * personal data: which kind of booking, what happened, who in general (a visitor, staff, the system),
 * how many, and the position the read models reached.
 */
export const LIVE_UPDATES_PATH = '/api/admin/live-updates';

/** The SSE event names: `ready` once the stream follows the store, `bookings-changed` per change. */
export const LIVE_READY_EVENT = 'ready';
export const LIVE_CHANGE_EVENT = 'bookings-changed';

/**
 * `waitlist`: the Waitlist tab's lists, the evening waitlist and the door queue. Refreshed on the dashboard,
 * never toasted: a guest leaving, passing or taking an offer is no change of a booking of theirs.
 */
export const liveChangeKinds = ['reservation', 'party', 'blocked-date', 'waitlist'] as const;
export type LiveChangeKind = (typeof liveChangeKinds)[number];

export const liveChangeSchema = z.object({
  kind: z.enum(liveChangeKinds),
  /** created: a new booking (or a newly blocked date); changed: edited, approved, rejected, unblocked; cancelled. */
  change: z.enum(['created', 'changed', 'cancelled']),
  /**
   * Who in general: the public site (visitor), a guest through their booking's link (guest), staff
   * (admin) or the system; never who exactly.
   */
  by: z.enum(['visitor', 'guest', 'admin', 'system']),
  count: z.number().int().min(1),
});
export type LiveChange = z.output<typeof liveChangeSchema>;

export const liveNoticeSchema = z.object({
  /** The event-store position the read models have reached (decimal: EventStoreDB's are 64-bit). */
  position: z.string(),
  /** The read models (projections) that changed. */
  readModels: z.array(z.string()),
  changes: z.array(liveChangeSchema),
});
export type LiveNotice = z.output<typeof liveNoticeSchema>;

/** Answered (406) to a client that does not accept an event stream, e.g. a plain fetch. */
export const LIVE_UPDATES_NOT_ACCEPTABLE = 'This address sends live updates as an event stream: open it with EventSource.';

/** The dashboard's notice when someone else books. */
export const NEW_BOOKING_TITLE = 'New booking';

/** The dashboard's notice when a guest changes or cancels their own booking through its link. */
export const GUEST_UPDATE_TITLE = 'Guest update';

/** 'A guest changed their reservation.', '2 guests cancelled their party bookings.' */
export function guestUpdateDescription(kind: 'reservation' | 'party', change: 'changed' | 'cancelled', count: number): string {
  const noun = kind === 'party' ? 'party booking' : 'reservation';
  return count === 1 ? `A guest ${change} their ${noun}.` : `${count} guests ${change} their ${noun}s.`;
}

/** 'A new reservation just came in.', '2 new party requests just came in.' */
export function newBookingDescription(kind: 'reservation' | 'party', count: number): string {
  const noun = kind === 'party' ? 'party request' : 'reservation';
  return count === 1 ? `A new ${noun} just came in.` : `${count} new ${noun}s just came in.`;
}
