import { GUEST_LINK_INVALID } from '@cafe/contracts';
import { LinkProblemCard, NextLinks } from '../../../components/link-problem-card';
import { ApiError } from '../../../lib/api-client';
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
  usePageTitle(title);
  const message =
    error instanceof ApiError
      ? (error.serverMessage ?? GUEST_LINK_INVALID)
      : error
        ? 'Something went wrong on our side. Please try again in a moment.'
        : GUEST_LINK_INVALID;
  return (
    <main className="manage-booking">
      <LinkProblemCard
        className="manage-booking-card"
        title={title}
        message={message}
        again="book again"
        // The landing page's top bar scrolls to the section in the address once it has mounted.
        next={<NextLinks className="manage-booking-links" to="/#reservations" text="Book a table" large />}
      />
    </main>
  );
}
