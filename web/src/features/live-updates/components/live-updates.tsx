import { useCallback } from 'react';
import { Tag } from '@blueprintjs/core';
import {
  GUEST_UPDATE_TITLE,
  NEW_BOOKING_TITLE,
  guestUpdateDescription,
  newBookingDescription,
  type LiveNotice,
} from '@cafe/contracts/live-updates';
import { toast } from '../../../lib/toaster';
import { useLiveUpdates } from '../api/live-updates';
import './live-updates.css';

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

/** 'A guest changed their reservation.' for a guest's own change or cancellation through their booking's link. */
export function guestUpdateMessage(notice: LiveNotice): string | null {
  const parts = notice.changes.flatMap((c) =>
    c.by === 'guest' && c.kind !== 'blocked-date' && c.change !== 'created' ? [guestUpdateDescription(c.kind, c.change, c.count)] : [],
  );
  return parts.length ? parts.join(' ') : null;
}

/**
 * The dashboard's live updates while staff are signed in: open lists refresh by themselves when a
 * booking changes, a "New booking" toast says when a guest booked, a "Guest update" toast when a guest
 * changed or cancelled their own booking, and a tag shows the link is live.
 */
export default function LiveUpdates() {
  const onNotice = useCallback((notice: LiveNotice) => {
    const booked = newBookingMessage(notice);
    const updated = guestUpdateMessage(notice);
    // One toast at a time: a new booking outranks a guest's update in the same notice.
    if (booked) void toast({ title: NEW_BOOKING_TITLE, description: booked, intent: 'primary' });
    else if (updated) void toast({ title: GUEST_UPDATE_TITLE, description: updated, intent: 'primary' });
  }, []);
  const state = useLiveUpdates(onNotice);
  return (
    <span className="live-updates" role="status" data-live={state}>
      {state === 'live' ? (
        <Tag minimal round intent="success" className="live-tag" title="Booking lists update by themselves as bookings come in">
          <span className="live-dot" aria-hidden="true" />
          Live
        </Tag>
      ) : state === 'reconnecting' ? (
        <Tag minimal round intent="warning" title="Lost the live link to the server; trying again">
          Reconnecting…
        </Tag>
      ) : null}
    </span>
  );
}
