import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { SIGN_UP_CANCELLED_NOTICE, SIGN_UP_LINK_INVALID } from '@cafe/contracts';
import { InfoSignIcon } from '@blueprintjs/icons/lib/esm/generated/components/info-sign';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { PublicPageHeader, PublicPageTitle } from '../../../components/layout/public-page-header';
import { LinkProblemCard, NextLinks } from '../../../components/link-problem-card';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSiteInfo } from '../../../lib/business-info';
import { useCancelGuestSignUp, useGuestSignUp } from '../api/sign-ups';
import { EventsPageFooter } from './events-page-footer';
import { eventDateText, eventTimeText } from './event-card';
import './cafe-events.css';
import './event-pages.css';

const places = (n: number) => (n === 1 ? '1 place' : `${n} places`);
const when = (s: { date: string; time?: string | null }) => `${eventDateText(s.date)}${s.time ? ` at ${eventTimeText(s.time)}` : ''}`;

/** /my-event-sign-up?token=…: the guest's own game night sign-up, from the link in its e-mails; they may cancel it. */
export default function MySignUpPage() {
  const site = useSiteInfo();
  usePageTitle('Your sign-up', site);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signUp = useGuestSignUp(token);
  const cancel = useCancelGuestSignUp(token);
  // One tap does not give a place away: the guest confirms, as cancelling a table reservation asks first.
  const [confirming, setConfirming] = useState(false);
  const s = signUp.data;
  const linkProblem =
    !token || signUp.isError
      ? signUp.error instanceof ApiError && signUp.error.serverMessage
        ? signUp.error.serverMessage
        : SIGN_UP_LINK_INVALID
      : null;

  return (
    <>
      <PublicPageHeader
        back={
          <Link className="text-link" to="/events">
            All events
          </Link>
        }
      />
      <main className="section events-page">
        <div className="container my-sign-up">
          {linkProblem ? null : <PublicPageTitle eyebrow="Game nights" title="Your sign-up" />}
          {linkProblem ? (
            // The booking's broken-link card: what happened, and what to do now (never a dead end).
            <LinkProblemCard
              className="my-sign-up-problem"
              title="This sign-up link does not work"
              message={linkProblem}
              again="sign up again"
              next={<NextLinks className="my-sign-up-next" to="/events" text="See all events" large />}
            />
          ) : !s ? (
            <Spinner aria-label="Loading your sign-up" />
          ) : (
            <Card elevation={1} className="my-sign-up-card">
              <h2>{s.eventTitle}</h2>
              <p>
                <strong>
                  {eventDateText(s.date)}
                  {s.time ? ` · ${eventTimeText(s.time)}` : ''}
                </strong>
                {s.location ? ` · ${s.location}` : ''}
              </p>
              <p>
                {s.name} · {places(s.places)}
              </p>
              {s.status === 'cancelled' ? (
                <>
                  <Callout icon={<InfoSignIcon />}>{SIGN_UP_CANCELLED_NOTICE}</Callout>
                  {/* A next step: another night, or this one again while it has places. */}
                  <NextLinks className="my-sign-up-next" to="/events" text="See all events" />
                </>
              ) : (
                <>
                  <Callout intent={s.status === 'confirmed' ? 'success' : 'warning'}>
                    {s.status === 'confirmed' ? 'You are signed up.' : `You are number ${s.waitlistPosition ?? '?'} on the waitlist.`}
                  </Callout>
                  {cancel.isError ? (
                    <Callout intent="danger" role="alert">
                      {errorDescription(cancel.error, 'Your sign-up could not be cancelled. Please try again.')}
                    </Callout>
                  ) : null}
                  <Button
                    intent="danger"
                    variant="outlined"
                    fill
                    loading={cancel.isPending}
                    text={s.status === 'confirmed' ? 'Cancel my sign-up' : 'Leave the waitlist'}
                    onClick={() => setConfirming(true)}
                  />
                  <ConfirmAlert
                    isOpen={confirming}
                    confirmText={s.status === 'confirmed' ? 'Yes, cancel my sign-up' : 'Yes, leave the waitlist'}
                    cancelText={s.status === 'confirmed' ? 'Keep my sign-up' : 'Stay on the waitlist'}
                    loading={cancel.isPending}
                    onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
                    onCancel={() => setConfirming(false)}
                  >
                    <p>
                      {s.status === 'confirmed'
                        ? `Cancel your sign-up for ${places(s.places)} at ${s.eventTitle} on ${when(s)}? This cannot be undone.`
                        : `Leave the waitlist for ${s.eventTitle} on ${when(s)}? You would lose your place in line.`}
                    </p>
                  </ConfirmAlert>
                </>
              )}
            </Card>
          )}
        </div>
      </main>
      <EventsPageFooter />
    </>
  );
}
