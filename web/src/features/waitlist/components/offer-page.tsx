import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  DEFAULT_TIME_ZONE,
  OFFER_EXPIRED_MESSAGE,
  OFFER_NOT_FOUND,
  OFFER_PASSED_MESSAGE,
  cafeTimeOfDay,
  formatLongDate,
  formatTime12,
  todayIn,
  type WaitlistOfferOut,
} from '@cafe/contracts';
import { BusyButton } from '../../../components/busy-button';
import { GuestPageShell } from '../../../components/guest-page-shell';
import { errorDescription } from '../../../lib/api-client';
import { useCafeClock } from '../../../lib/cafe-clock';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClaimOffer, usePassOffer, useWaitlistOffer, type OfferClaimed } from '../api/waitlist';
import { GUEST_PAGE } from './guest-page';
import './waitlist.css';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** "7:30 PM", or "Friday, December 11 at 7:30 PM" when the hold ends on another day than today. */
function holdText(iso: string, zone: string) {
  const at = new Date(iso);
  const time = formatTime12(cafeTimeOfDay(zone, at));
  const day = todayIn(zone, at);
  return day === todayIn(zone) ? time : `${formatLongDate(day)} at ${time}`;
}

function Booked({ offer, claimed }: { offer: WaitlistOfferOut; claimed: OfferClaimed | null }) {
  const tables = claimed?.tables ?? offer.tables ?? [];
  return (
    <Callout intent="success" className="guest-callout" role="status" title="Booking confirmed!">
      <p>
        {people(offer.partySize)} on {formatLongDate(offer.date)} at {formatTime12(offer.time)}.
      </p>
      {tables.length ? (
        <p className="offer-table">
          Table {tables.join(' + ')}
          {claimed?.stayUntil ? `: your table until ${formatTime12(claimed.stayUntil)}` : ''}
        </p>
      ) : null}
      <p>We've e-mailed you the confirmation, with a link to change or cancel it.</p>
    </Callout>
  );
}

function Offer({ token, offer, zone }: { token: string; offer: WaitlistOfferOut; zone: string }) {
  const [claimed, setClaimed] = useState<OfferClaimed | null>(null);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorDescription(error, 'Please try again'), intent: 'danger' });
  const claim = useClaimOffer(token, { onSuccess: setClaimed, onError: failed('Could not take the table') });
  const pass = usePassOffer(token, { onError: failed('Could not pass') });
  if (claimed || offer.status === 'taken') return <Booked offer={offer} claimed={claimed} />;
  if (offer.status === 'passed') return <p className="guest-big">{OFFER_PASSED_MESSAGE}.</p>;
  if (offer.status === 'expired') return <p role="alert">{OFFER_EXPIRED_MESSAGE}</p>;
  return (
    <>
      <p className="guest-big">
        A table is free on {formatLongDate(offer.date)} at {formatTime12(offer.time)}
      </p>
      <p className="guest-when">
        For {people(offer.partySize)}
        {offer.tables?.length ? ` · table ${offer.tables.join(' + ')}` : ''}. Held for you until {holdText(offer.holdUntil, zone)}.
      </p>
      <div className="offer-actions">
        <BusyButton
          intent="primary"
          size="large"
          busy={claim.isPending}
          busyText="Booking..."
          text="Take it"
          onClick={() => claim.mutate()}
        />
        <Button size="large" variant="outlined" disabled={claim.isPending || pass.isPending} text="Pass" onClick={() => pass.mutate()} />
      </div>
    </>
  );
}

/** /waitlist-offers/:token: a table offered to a waitlisted guest (the link in the offer's mail): take it or pass. */
export default function OfferPage() {
  const { token = '' } = useParams();
  usePageTitle('A table is free');
  const offer = useWaitlistOffer(token);
  const zone = useCafeClock().data?.zone ?? DEFAULT_TIME_ZONE;
  return (
    <GuestPageShell
      title="Your waitlist offer"
      query={offer}
      loadingLabel="Loading the offer"
      notFoundMessage={OFFER_NOT_FOUND}
      classes={GUEST_PAGE}
    >
      {(data) => <Offer token={token} offer={data} zone={zone} />}
    </GuestPageShell>
  );
}
