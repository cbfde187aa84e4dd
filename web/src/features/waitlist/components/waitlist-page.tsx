import { Callout } from '@blueprintjs/core';
import { Link, useParams } from 'react-router-dom';
import {
  DEFAULT_TIME_ZONE,
  OFFER_LINK_PATH,
  WAITLIST_ENTRY_NOT_FOUND,
  cafeTimeOfDay,
  formatLongDate,
  formatTime12,
  type WaitlistEntryOut,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { GuestPageShell } from '../../../components/guest-page-shell';
import { errorDescription } from '../../../lib/api-client';
import { useCafeClock } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLeaveWaitlist, useWaitlistEntry } from '../api/waitlist';
import { GUEST_PAGE } from './guest-page';
import './waitlist.css';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

function Entry({ token, entry, zone }: { token: string; entry: WaitlistEntryOut; zone: string }) {
  const leave = useLeaveWaitlist(token, {
    onSuccess: () => toast({ title: 'You left the waitlist', intent: 'success' }),
    onError: (error) =>
      toast({ title: 'Could not leave the waitlist', description: errorDescription(error, 'Please try again'), intent: 'danger' }),
  });
  const offer = entry.offer;
  return (
    <>
      <p className="guest-when">
        {people(entry.partySize)} · {formatLongDate(entry.date)}, any time from {formatTime12(entry.from)} to {formatTime12(entry.to)}
      </p>
      {entry.status === 'waiting' ? (
        <p className="guest-big">
          {entry.position === 1 ? "You're next on the waitlist" : `You're number ${entry.position ?? '–'} on the waitlist`}
        </p>
      ) : null}
      {entry.status === 'offered' && offer ? (
        <Callout intent="success" title={`A table is free at ${formatTime12(offer.time)}`} className="guest-callout">
          It is held for you until {formatTime12(cafeTimeOfDay(zone, new Date(offer.holdUntil)))}.{' '}
          {offer.token ? (
            <Link className="text-link" to={`${OFFER_LINK_PATH}/${offer.token}`}>
              Take it or pass
            </Link>
          ) : (
            'See the offer in your e-mail.'
          )}
        </Callout>
      ) : null}
      {entry.status === 'booked' ? <p className="guest-big">You took a table: see your booking in your e-mail.</p> : null}
      {entry.status === 'left' ? <p className="guest-big">You left the waitlist.</p> : null}
      {entry.status === 'expired' ? <p className="guest-big">This waitlist has ended.</p> : null}
      {entry.status === 'waiting' || entry.status === 'offered' ? (
        <>
          <p className="muted">We'll e-mail you the moment a table frees up in your window. Offers go out one at a time, in order.</p>
          <BusyButton intent="danger" variant="outlined" busy={leave.isPending} text="Leave the waitlist" onClick={() => leave.mutate()} />
        </>
      ) : null}
    </>
  );
}

/** /waitlist/:token: a guest's place on a date's waitlist (the link in the "You're on the waitlist" mail). */
export default function WaitlistPage() {
  const { token = '' } = useParams();
  usePageTitle('Your waitlist place');
  const entry = useWaitlistEntry(token);
  const zone = useCafeClock().data?.zone ?? DEFAULT_TIME_ZONE;
  return (
    <GuestPageShell
      title="Your waitlist place"
      query={entry}
      loadingLabel="Loading your place"
      notFoundMessage={WAITLIST_ENTRY_NOT_FOUND}
      classes={GUEST_PAGE}
    >
      {(data) => <Entry token={token} entry={data} zone={zone} />}
    </GuestPageShell>
  );
}
