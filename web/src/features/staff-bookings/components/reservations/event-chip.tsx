import { CubeIcon } from '@blueprintjs/icons/lib/esm/generated/components/cube';
import { Link } from 'react-router-dom';
import { sectionAddress } from '../../../../lib/admin-address';
import { eventPlacesText, eventTime12, type CalendarEvent } from '../../../../lib/calendar-events';
import './event-chip.css';

/** What a screen reader and the tooltip say: 'Event: 7:00 PM, Friday Game Night, 12 signed up / 48 places'. */
export function eventLabel(e: CalendarEvent): string {
  const parts = [eventTime12(e), e.title, eventPlacesText(e), e.hidden ? 'not shown on the site' : null];
  return `Event: ${parts.filter(Boolean).join(', ')}`;
}

interface EventChipProps {
  event: CalendarEvent;
  /** The grids' smaller type: the month's cells say '12/48' for the count. */
  compact?: boolean;
}

/**
 * An event on the staff calendar (a game night): not a booking, so it looks like none of them (a dashed
 * outline, the word 'Event' and a die), with its sign-ups against its places. It opens the Events section,
 * where its sign-ups are.
 */
export function EventChip({ event, compact }: EventChipProps) {
  const places = eventPlacesText(event);
  const short = compact && event.capacity ? `${event.placesTaken ?? '–'}/${event.capacity}` : places;
  const label = eventLabel(event);
  return (
    <Link
      to={sectionAddress('events')}
      className={`event-chip${compact ? ' event-chip-compact' : ''}`}
      data-event-id={event.eventId}
      data-date={event.date}
      aria-label={label}
      title={label}
    >
      {event.time ? <span className="event-chip-time">{eventTime12(event)}</span> : null}
      <span className="event-chip-kind">
        <CubeIcon size={12} aria-hidden="true" />
        Event
      </span>
      <span className="event-chip-name">{event.title}</span>
      {short ? <span className="event-chip-places">{short}</span> : null}
    </Link>
  );
}
