import { useCallback } from 'react';
import { Tag } from '@blueprintjs/core';
import { GUEST_UPDATE_TITLE, NEW_BOOKING_TITLE, type LiveNotice } from '@cafe/contracts/live-updates';
import { toast } from '../../../lib/toaster';
import { useLiveUpdates } from '../api/live-updates';
import { guestUpdateMessage, newBookingMessage } from './notice-messages';
import './live-updates.css';

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
    if (booked) toast({ title: NEW_BOOKING_TITLE, description: booked, intent: 'primary' });
    else if (updated) toast({ title: GUEST_UPDATE_TITLE, description: updated, intent: 'primary' });
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
