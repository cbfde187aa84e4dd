import { Callout, Spinner } from '@blueprintjs/core';
import { errorDescription } from '../lib/api-client';
import { useCafeClock } from '../lib/cafe-clock';
import { DoorQueuePanel } from '../features/door-queue/components/door-queue-panel';
import { EveningWaitlist } from '../features/waitlist/components/evening-waitlist';

/**
 * Today's "Waitlist" tab: the door queue (today's walk-ins waiting) above a date's evening waitlist with
 * its offers. Two features side by side, composed here; both refresh with the dashboard's live updates.
 */
export default function WaitlistSection() {
  const clock = useCafeClock();
  if (clock.isPending) return <Spinner aria-label="Loading the waitlist" />;
  if (clock.isError) return <Callout intent="danger">{errorDescription(clock.error, 'Please try again')}</Callout>;
  return (
    <section className="waitlist-section" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Waitlist</h2>
      <DoorQueuePanel zone={clock.data.zone} />
      <EveningWaitlist today={clock.data.today} zone={clock.data.zone} />
    </section>
  );
}
