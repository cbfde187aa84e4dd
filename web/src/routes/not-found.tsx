import { Card } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../components/layout/logo';
import { usePageTitle } from '../lib/use-page-title';
import { telHref, useSiteInfo } from '../lib/business-info';

/**
 * Any path the router does not know (the server answers it with HTTP 404 too): what a visitor can do
 * next, never a note for whoever wired the routes. A mistyped dashboard address leads back to the dashboard.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const site = useSiteInfo();
  const staff = pathname === '/admin' || pathname.startsWith('/admin/');
  usePageTitle('Page not found', site);
  return (
    <main className="not-found">
      <Card className="center-card" elevation={2}>
        <Logo size={56} />
        <h1>404 Page Not Found</h1>
        <p>
          {staff
            ? 'There is no such page in the dashboard. Every section is one click away from its menu.'
            : 'We could not find that page. The link may be old or mistyped.'}
        </p>
        <nav aria-label="Where to go next" className="not-found-links">
          {staff ? (
            <Link to="/admin" className="bp6-button bp6-intent-primary bp6-large">
              Back to the dashboard
            </Link>
          ) : (
            <>
              {/* The landing page's top bar scrolls to the section in the address once it has mounted. */}
              <Link to="/#reservations" className="bp6-button bp6-intent-primary bp6-large">
                Book a table
              </Link>
              <Link to="/events" className="text-link">
                Game nights and events
              </Link>
              <Link to="/games" className="text-link">
                Our game library
              </Link>
            </>
          )}
          <Link to="/" className="text-link">
            Back to {site.name}
          </Link>
        </nav>
        {staff ? null : (
          <p className="not-found-contact">
            Looking for something else? Call us at{' '}
            <a className="text-link" href={telHref(site.phone)}>
              {site.phone}
            </a>
            <br />
            {site.address}
          </p>
        )}
      </Card>
    </main>
  );
}
