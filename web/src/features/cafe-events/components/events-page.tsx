import { useState, type ReactNode } from 'react';
import type { CafeEvent, EventOccurrence } from '@cafe/contracts';
import { Spinner } from '@blueprintjs/core';
import { PublicPageHeader, PublicPageTitle } from '../../../components/layout/public-page-header';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSiteInfo } from '../../../lib/business-info';
import { useEvents } from '../api/get-events';
import { useOccurrences } from '../api/sign-ups';
import { EventsPageFooter } from './events-page-footer';
import { EventCard } from './event-card';
import { EventDates } from './event-dates';
import { SignUpDialog } from './sign-up-dialog';
import './cafe-events.css';
import './event-pages.css';

/**
 * /events: every upcoming visible event by date (as GET /api/events lists them), with the way back to the
 * café. The app passes the business info's announcement, shown under the header as on the landing page.
 */
export default function EventsPage({ announcement }: { announcement?: ReactNode }) {
  const site = useSiteInfo();
  usePageTitle('Upcoming events', site);
  const events = useEvents();
  const list = events.data ?? [];
  // Each event's next dates with their places; an event without a capacity takes no sign-ups.
  const occurrences = useOccurrences();
  const datesOf = (id: string) => (occurrences.data ?? []).filter((o) => o.eventId === id);
  const [signingUp, setSigningUp] = useState<{ event: CafeEvent; occurrence: EventOccurrence } | null>(null);
  return (
    <>
      <PublicPageHeader announcement={announcement} />
      <main className="section events-page">
        <div className="container">
          <PublicPageTitle eyebrow="What's on" title="Upcoming events" id="events-title" />
          {events.isPending ? (
            <Spinner aria-label="Loading events" />
          ) : events.isError ? (
            <p className="muted">The events could not be loaded. Please try again later.</p>
          ) : list.length === 0 ? (
            <p className="muted">No upcoming events right now. Check back soon!</p>
          ) : (
            <div className="events-grid">
              {list.map((event) => (
                <EventCard
                  key={event.id}
                  event={event}
                  headingLevel={2}
                  full={datesOf(event.id).length > 0 && datesOf(event.id).every((o) => o.placesLeft === 0)}
                >
                  <EventDates event={event} dates={datesOf(event.id)} onSignUp={(occurrence) => setSigningUp({ event, occurrence })} />
                </EventCard>
              ))}
            </div>
          )}
        </div>
      </main>
      <SignUpDialog target={signingUp} onClose={() => setSigningUp(null)} />
      <EventsPageFooter />
    </>
  );
}
