import { Callout } from '@blueprintjs/core';
import { BanCircleIcon } from '@blueprintjs/icons/lib/esm/generated/components/ban-circle';
import './closed-day.css';

/** What a screen reader adds to a booking on a closed day. */
export const closedDayLabel = (reason: string) => `on a closed day: ${reason}`;

interface ClosedDayFlagProps {
  reason: string;
  /** Only the words 'Closed day' (the reason in the tooltip): a calendar cell or chip has no room for more. */
  short?: boolean;
}

/**
 * A booking kept on a day the café is closed, or the closed day itself: an icon and words, never the
 * colour alone; the reason beside them, or in the tooltip where there is no room.
 */
export function ClosedDayFlag({ reason, short }: ClosedDayFlagProps) {
  return (
    <span className={`closed-day-flag${short ? ' is-short' : ''}`} title={`Closed day: ${reason}`} data-closed-reason={reason}>
      <BanCircleIcon size={12} aria-hidden />
      <span className="closed-day-flag-text">{short ? 'Closed day' : `Closed day: ${reason}`}</span>
      {/* A screen reader hears the reason the tooltip shows. */}
      {short ? <span className="visually-hidden">: {reason}</span> : null}
    </span>
  );
}

/** The notice at the top of a booking's dialog when its day is closed. */
export function ClosedDayNotice({ reason }: { reason: string }) {
  return (
    <Callout intent="warning" icon={<BanCircleIcon />} title="Closed day" className="closed-day-notice">
      The café is closed on this day: {reason}. This booking was kept, so the guest still expects to come.
    </Callout>
  );
}
