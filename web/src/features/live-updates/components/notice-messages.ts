import { guestUpdateDescription, newBookingDescription, type LiveNotice } from '@cafe/contracts/live-updates';

/** 'A new reservation just came in.' for bookings someone else made (staff get their own confirmation toast). */
export function newBookingMessage(notice: LiveNotice): string | null {
  const counts = { reservation: 0, party: 0 };
  for (const c of notice.changes) {
    if (c.change === 'created' && c.by !== 'admin' && (c.kind === 'reservation' || c.kind === 'party')) counts[c.kind] += c.count;
  }
  const parts = (['reservation', 'party'] as const)
    .filter((kind) => counts[kind] > 0)
    .map((kind) => newBookingDescription(kind, counts[kind]));
  return parts.length ? parts.join(' ') : null;
}

/**
 * 'A guest changed their reservation.' for a guest's own change or cancellation through their booking's link; a
 * guest's step on the waitlist (leaving, passing or taking an offer) refreshes the Waitlist tab without a toast.
 */
export function guestUpdateMessage(notice: LiveNotice): string | null {
  const parts = notice.changes.flatMap((c) =>
    c.by === 'guest' && (c.kind === 'reservation' || c.kind === 'party') && c.change !== 'created'
      ? [guestUpdateDescription(c.kind, c.change, c.count)]
      : [],
  );
  return parts.length ? parts.join(' ') : null;
}
