import { Button, Callout, Card, Spinner, Tag } from '@blueprintjs/core';
import { Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  GUEST_BOOKING_CANCELLED_TOAST,
  OPEN_TABLE_HOST_PATH,
  blockedDateMessage,
  formatLongDate,
  formatTime12,
  heldBookingNote,
  tableUntilText,
  type GuestBooking,
} from '@cafe/contracts';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { NextLinks } from '../../../components/link-problem-card';
import { Logo } from '../../../components/layout/logo';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useClosedDays } from '../../../lib/blocked-dates';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import { stayUntilOf } from '../../../lib/booking-tables';
import { useCancelGuestBooking } from '../api/cancel-guest-booking';
import { useGuestBooking } from '../api/get-guest-booking';
import { ChangeBookingForm } from './change-booking-form';
import { LinkProblem } from './link-problem';
import './manage-booking.css';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** /my-booking?token=…: the guest's own booking, from the link in their e-mails. */
export default function ManageBookingPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token) return <LinkProblem error={null} />;
  return <ManageBooking token={token} />;
}

function ManageBooking({ token }: { token: string }) {
  const booking = useGuestBooking(token);
  const [cancelled, setCancelled] = useState(false);
  usePageTitle('Your booking');
  if (cancelled) return <Cancelled />;
  if (booking.isPending) {
    return (
      <main className="manage-booking">
        <Spinner aria-label="Loading your booking" />
      </main>
    );
  }
  if (booking.isError) return <LinkProblem error={booking.error} />;
  return <BookingCard token={token} booking={booking.data} onCancelled={() => setCancelled(true)} />;
}

function BookingCard({ token, booking, onCancelled }: { token: string; booking: GuestBooking; onCancelled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const site = useSiteInfo();
  // Staff closed the day but kept the booking: no time that day can be had, so say so instead of offering one.
  const closedReason = useClosedDays().get(booking.date) ?? null;
  const cancel = useCancelGuestBooking(token, {
    onSuccess: () => {
      setConfirming(false);
      onCancelled();
      toast({ title: GUEST_BOOKING_CANCELLED_TOAST, intent: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({ title: 'Could not cancel your booking', description: errorDescription(error, 'Please try again'), intent: 'danger' });
    },
  });
  const when = `${formatLongDate(booking.date)} at ${formatTime12(booking.time)}`;
  // With a floor the answer says until when the table is theirs: "your table until 9:30 PM".
  const stayUntil = stayUntilOf(booking);
  return (
    <main className="manage-booking">
      <Card className="manage-booking-card" elevation={2}>
        {/* On a wide screen the booking on the left, what the guest can do on the right: the card fits 900 px. */}
        <div className="manage-booking-main">
          <div className="manage-booking-summary">
            <header className="manage-booking-head">
              <Logo size={48} />
              <div>
                <h1>Your booking</h1>
                <Tag round intent={booking.status === 'confirmed' ? 'success' : 'warning'}>
                  {booking.status === 'confirmed' ? 'Confirmed' : 'Awaiting approval'}
                </Tag>
              </div>
            </header>
            {booking.heldAs ? (
              <Callout intent="primary" role="status" className="manage-booking-held">
                {heldBookingNote(
                  `${formatLongDate(booking.heldAs.date)} at ${formatTime12(booking.heldAs.time)}`,
                  people(booking.heldAs.partySize),
                )}
              </Callout>
            ) : null}
            <dl className="manage-booking-details">
              <dt>Name</dt>
              <dd>{booking.name}</dd>
              {booking.eventTypeLabel ? (
                <>
                  <dt>Event</dt>
                  <dd>{booking.eventTypeLabel}</dd>
                </>
              ) : null}
              <dt>Date</dt>
              <dd>{formatLongDate(booking.date)}</dd>
              <dt>Time</dt>
              <dd>
                {formatTime12(booking.time)}
                {stayUntil ? <span className="manage-booking-until"> · {tableUntilText(stayUntil)}</span> : null}
              </dd>
              <dt>Party size</dt>
              <dd>{people(booking.partySize)}</dd>
            </dl>
          </div>
          <div className="manage-booking-actions">
            {closedReason ? (
              <Callout intent="warning" role="status" className="manage-booking-section" title="We are closed that day">
                {blockedDateMessage(closedReason)}. Your booking is still on our list: cancel it below, or call us at{' '}
                <a href={telHref(site.phone)}>{site.phone}</a> to move it to another day.
              </Callout>
            ) : (
              <section aria-labelledby="change-heading" className="manage-booking-section">
                <h2 id="change-heading">Change date, time or party size</h2>
                {/* The form needs the café's today (its date picker's first day): a spinner here until then, not the whole page. */}
                <Suspense fallback={<Spinner size={24} aria-label="Loading" />}>
                  <ChangeBookingForm token={token} booking={booking} />
                </Suspense>
              </section>
            )}
            {booking.kind === 'reservation' && booking.partySize > 1 && !closedReason ? (
              <section aria-labelledby="open-table-heading" className="manage-booking-section">
                <h2 id="open-table-heading">Room for more players?</h2>
                <p>Share some of your seats with new players for a game you have in mind: they ask, you choose.</p>
                {/* The open-tables page takes the same signed link (open-tables feature). */}
                <Link to={`${OPEN_TABLE_HOST_PATH}?token=${encodeURIComponent(token)}`} className="text-link">
                  Open your table to new players
                </Link>
              </section>
            ) : null}
            <section aria-labelledby="cancel-heading" className="manage-booking-section">
              <h2 id="cancel-heading">Can't make it?</h2>
              <Button intent="danger" variant="outlined" fill text="Cancel booking" onClick={() => setConfirming(true)} />
            </section>
          </div>
        </div>
        <p className="manage-booking-help">
          Questions? Call {site.name} at <a href={telHref(site.phone)}>{site.phone}</a>.
        </p>
        <p className="manage-booking-foot">
          <Link to="/" className="text-link">
            Back to the café
          </Link>
        </p>
      </Card>
      <ConfirmAlert
        isOpen={confirming}
        confirmText="Yes, cancel booking"
        cancelText="Keep booking"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Cancel your booking for {people(booking.partySize)} on {when}? This cannot be undone.
        </p>
      </ConfirmAlert>
    </main>
  );
}

function Cancelled() {
  usePageTitle('Booking cancelled');
  return (
    <main className="manage-booking">
      <Card className="center-card manage-booking-card" elevation={2}>
        <Logo size={56} />
        <h1>Booking cancelled</h1>
        <p role="status">Your booking has been cancelled. We hope to see you another time!</p>
        <NextLinks className="manage-booking-links" to="/#reservations" text="Book another time" />
      </Card>
    </main>
  );
}
