import type { ReactNode } from 'react';
import { Card } from '@blueprintjs/core';
import type { CafeEvent } from '@cafe/contracts';
import { CalendarIcon, PeopleIcon, TimeIcon } from '../../../components/icons';
import './cafe-events.css';

// Plain Intl rather than luxon, which stays out of the landing page: a calendar date read as UTC noon.
const DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** '2026-12-05' → 'Sat, Dec 5, 2026'. */
export const eventDateText = (date: string) => DATE.format(new Date(`${date}T12:00:00Z`));

/** '19:00' → '7:00 PM'. */
export function eventTimeText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '10' → '$10'; 'Free', '$5 cover' as written. */
export const eventPriceText = (price: string) => (/^\d+(\.\d{1,2})?$/.test(price.trim()) ? `$${price.trim()}` : price);

/** One upcoming event as a visitor sees it: title, date, time, price, spots, where and what. */
export function EventCard({
  event,
  headingLevel = 3,
  full = false,
  children,
}: {
  event: CafeEvent;
  headingLevel?: 2 | 3;
  /** Every date listed is full: the capacity reads Full. */
  full?: boolean;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={`upcoming-event${event.isFeatured ? ' is-featured' : ''}`} elevation={1} data-date={event.event_date}>
      {event.isFeatured ? <span className="upcoming-event-featured">Featured</span> : null}
      <Heading className="upcoming-event-title">{event.title}</Heading>
      <ul className="upcoming-event-facts">
        <li>
          <CalendarIcon />
          <span>{eventDateText(event.event_date)}</span>
        </li>
        {event.event_time ? (
          <li>
            <TimeIcon />
            <span>{eventTimeText(event.event_time)}</span>
          </li>
        ) : null}
        {event.max_attendees ? (
          <li>
            <PeopleIcon />
            {/* The capacity, not what is left ("3 spots" read as free places on a full night); each date's places show on /events. */}
            <span>{full ? 'Full' : event.max_attendees === 1 ? 'Up to 1 guest' : `Up to ${event.max_attendees} guests`}</span>
          </li>
        ) : null}
        {/* With the facts, kept whole: '$5 cover' never wraps onto a line of its own. */}
        {event.price ? <li className="upcoming-event-price">{eventPriceText(event.price)}</li> : null}
      </ul>
      {event.description ? <p className="upcoming-event-description">{event.description}</p> : null}
      {event.location ? <p className="upcoming-event-location muted">{event.location}</p> : null}
      {children}
    </Card>
  );
}
