import { Link } from 'react-router-dom';
import { ChevronRightIcon } from '../../../components/icons';
import { featuredFirst, useEvents } from '../api/get-events';
import { EventCard } from './event-card';
import './cafe-events.css';

/**
 * How many events the landing page shows (featured first, then by date); the rest are on /events. Six
 * keeps an event staff add for next week in view beside the featured ones.
 */
const SHOWN = 6;

/** The landing page's upcoming events (GET /api/events), featured first, with a link to all of them. */
export function EventsSection() {
  const events = useEvents();
  const list = featuredFirst(events.data ?? []);
  return (
    <section id="events" className="section section-events" aria-labelledby="events-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">What's on</p>
          <h2 id="events-title">Upcoming events</h2>
          <p className="lead">Game nights, tournaments and learn-to-play evenings. Everyone is welcome.</p>
        </div>
        {events.isError ? (
          <p className="muted">The events could not be loaded. Please try again later.</p>
        ) : events.data && list.length === 0 ? (
          <p className="muted">No upcoming events right now. Check back soon!</p>
        ) : (
          <div className="events-grid" aria-busy={events.isPending || undefined}>
            {list.slice(0, SHOWN).map((event) => (
              <EventCard key={event.id} event={event}>
                {/* The way on from each card: sign-ups (and the rest of the events) are on /events. */}
                <Link
                  className="text-link events-all-link"
                  to="/events"
                  aria-label={`${event.max_attendees ? 'Sign up' : 'Details'}: ${event.title}`}
                >
                  {event.max_attendees ? 'Sign up' : 'Details'} <ChevronRightIcon />
                </Link>
              </EventCard>
            ))}
          </div>
        )}
        {list.length > 0 ? (
          <div className="section-cta">
            <Link className="text-link events-all-link" to="/events">
              See all upcoming events{list.length > SHOWN ? ` (${list.length})` : ''} <ChevronRightIcon />
            </Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
