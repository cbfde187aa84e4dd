import { Card } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { GUEST_LINK_INVALID } from '@cafe/contracts';
import { Logo } from '../../../components/layout/logo';
import { ApiError } from '../../../lib/api-client';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import { usePageTitle } from '../../../lib/use-page-title';

const TITLES: Record<number, string> = {
  403: 'This link is not valid',
  404: 'Booking not found',
  410: 'This link no longer works',
};

/** A link that is tampered with, expired, or of a cancelled booking: what happened, and what to do now. */
export function LinkProblem({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  const title = TITLES[status] ?? 'We could not load your booking';
  const site = useSiteInfo();
  usePageTitle(title);
  const message =
    error instanceof ApiError
      ? (error.serverMessage ?? GUEST_LINK_INVALID)
      : error
        ? 'Something went wrong on our side. Please try again in a moment.'
        : GUEST_LINK_INVALID;
  return (
    <main className="manage-booking">
      <Card className="center-card manage-booking-card" elevation={2}>
        <Logo size={56} />
        <h1>{title}</h1>
        <p role="alert">{message}</p>
        <p className="muted">
          You are welcome to book again, or call us at{' '}
          <a className="text-link" href={telHref(site.phone)}>
            {site.phone}
          </a>{' '}
          and we will gladly help.
        </p>
        <div className="manage-booking-links">
          {/* The landing page's top bar scrolls to the section in the address once it has mounted. */}
          <Link to="/#reservations" className="bp6-button bp6-intent-primary bp6-large">
            Book a table
          </Link>
          <Link to="/" className="text-link">
            Back to the café
          </Link>
        </div>
      </Card>
    </main>
  );
}
