import { Button } from '@blueprintjs/core';
import type { CafeEvent, EventOccurrence } from '@cafe/contracts';
import { closedDayText, useClosedDays } from '../../../lib/blocked-dates';
import { eventDateText } from './event-card';
import './event-pages.css';

/** What a date's places say: how many are left, or that it is full and how many wait. */
export function placesText(o: EventOccurrence): string {
  if (o.placesLeft > 0) return `${o.placesLeft} of ${o.capacity} ${o.capacity === 1 ? 'place' : 'places'} left`;
  return o.waitlist > 0 ? `Full · ${o.waitlist} on the waitlist` : 'Full · join the waitlist';
}

/**
 * An event's next dates on /events, each with its own places and its own button: sign up while places
 * are left, join the waitlist once it is full; a date the café has closed says why and takes no one.
 */
export function EventDates({
  event,
  dates,
  onSignUp,
}: {
  event: CafeEvent;
  dates: EventOccurrence[];
  onSignUp: (o: EventOccurrence) => void;
}) {
  const closedDays = useClosedDays();
  if (dates.length === 0) return null;
  return (
    <div className="event-dates">
      <h3 className="event-dates-title">
        {event.repeat ? (event.repeat === 'weekly' ? 'Every week · next dates' : 'Every month · next dates') : 'Sign up'}
      </h3>
      <ul aria-label={`Dates of ${event.title}`}>
        {dates.map((o) => {
          const full = o.placesLeft === 0;
          const closed = closedDays.get(o.date);
          if (closed !== undefined) {
            return (
              <li key={o.date} className="is-closed" data-date={o.date}>
                <span className="event-date-day">{eventDateText(o.date)}</span>
                <span className="event-date-places">{closedDayText(closed)}</span>
              </li>
            );
          }
          return (
            <li key={o.date} className={full ? 'is-full' : undefined} data-date={o.date}>
              <span className="event-date-day">{eventDateText(o.date)}</span>
              <span className="event-date-places">{placesText(o)}</span>
              <Button
                // The café's secondary (brick outline) for the waitlist, its primary to sign up.
                intent="primary"
                variant={full ? 'outlined' : 'solid'}
                text={full ? 'Join the waitlist' : 'Sign up'}
                aria-label={`${full ? 'Join the waitlist' : 'Sign up'}: ${event.title}, ${eventDateText(o.date)}`}
                onClick={() => onSignUp(o)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
