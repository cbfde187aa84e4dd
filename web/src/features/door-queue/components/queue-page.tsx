import { Callout } from '@blueprintjs/core';
import { DEFAULT_TIME_ZONE, QUEUE_PARTY_NOT_FOUND, cafeTimeOfDay, formatTime12 } from '@cafe/contracts';
import { useParams } from 'react-router-dom';
import { GuestPageShell, type GuestPageClasses } from '../../../components/guest-page-shell';
import { useCafeClock } from '../../../lib/cafe-clock';
import { useSiteInfo } from '../../../lib/business-info';
import { usePageTitle } from '../../../lib/use-page-title';
import { useQueuePlace, type DoorQueueGuest } from '../api/door-queue';
import { minutesText, placeText } from './queue-text';
import './queue-page.css';

const QUEUE_PAGE: GuestPageClasses = { page: 'queue-page', card: 'queue-card', head: 'queue-head', foot: 'queue-next' };

function Place({ party, zone }: { party: DoorQueueGuest; zone: string }) {
  const site = useSiteInfo();
  if (party.status === 'ready') {
    const until = party.readyUntil ? formatTime12(cafeTimeOfDay(zone, new Date(party.readyUntil))) : null;
    return (
      <Callout intent="success" className="queue-ready" role="status" title="Your table is ready">
        Please come to the host stand{until ? ` by ${until}` : ''}.{party.tables.length ? ` Table ${party.tables.join(' + ')}.` : ''}
      </Callout>
    );
  }
  if (party.status === 'seated') return <p className="queue-big">You're seated. Enjoy your games at {site.name}!</p>;
  if (party.status === 'gone') return <p className="queue-big">You're no longer in the queue.</p>;
  return (
    <>
      <p className="queue-big" aria-live="polite">
        {party.position ? placeText(party.position) : 'You are in the queue'}
      </p>
      <dl className="queue-facts">
        <div>
          <dt>Estimated wait</dt>
          <dd className="queue-estimate">{party.estimateMinutes <= 0 ? 'Any minute now' : minutesText(party.estimateMinutes)}</dd>
        </div>
        <div>
          <dt>Party</dt>
          <dd>{party.partySize}</dd>
        </div>
      </dl>
      <p className="muted">This page updates by itself. We'll also message you when your table is ready.</p>
    </>
  );
}

/** /queue/:token: a party's place at the door, live (the link staff sent them when they were added). */
export default function QueuePage() {
  const { token = '' } = useParams();
  usePageTitle('Your place in the queue');
  const place = useQueuePlace(token);
  const zone = useCafeClock().data?.zone ?? DEFAULT_TIME_ZONE;
  return (
    <GuestPageShell
      title={place.data ? `Hi ${place.data.name}` : 'Your place in the queue'}
      query={place}
      loadingLabel="Loading your place"
      notFoundMessage={QUEUE_PARTY_NOT_FOUND}
      classes={QUEUE_PAGE}
    >
      {(data) => <Place party={data} zone={zone} />}
    </GuestPageShell>
  );
}
