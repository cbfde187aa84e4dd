import { Callout, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { AdminDateInput } from '../components/form/admin-date-input';
import { Field } from '../components/form/field';
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
  const [date, setDate] = useState('');
  if (clock.isPending) return <Spinner aria-label="Loading the waitlist" />;
  if (clock.isError) return <Callout intent="danger">{errorDescription(clock.error, 'Please try again')}</Callout>;
  const day = date || clock.data.today;
  return (
    <section className="waitlist-section" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">Waitlist</h2>
      <DoorQueuePanel zone={clock.data.zone} />
      <div className="waitlist-section-evening">
        <Field id="waitlist-date" label="Evening waitlist of">
          <AdminDateInput id="waitlist-date" value={day} onChange={(d) => setDate(d)} />
        </Field>
        <EveningWaitlist date={day} zone={clock.data.zone} />
      </div>
    </section>
  );
}
