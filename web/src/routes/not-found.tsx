import { Card } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../components/layout/logo';
import { usePageTitle } from '../lib/use-page-title';
import { telHref, useSiteInfo } from '../lib/business-info';

/** Any path the router does not know (the server answers it with HTTP 404 too). The hint is for whoever wired the routes. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const site = useSiteInfo();
  usePageTitle('Page not found', site);
  return (
    <main className="not-found">
      <Card className="center-card" elevation={2}>
        <Logo size={56} />
        <h1>404 Page Not Found</h1>
        <p>
          Nothing lives at <code>{pathname}</code>. Our games, menu, reservations and hours are all on the home page.
        </p>
        <p className="muted">Did you forget to add the page to the router? (web/src/app/router.tsx)</p>
        <p className="not-found-contact">
          <strong>{site.name}</strong>
          <br />
          {site.address}
          <br />
          <a href={telHref(site.phone)}>{site.phone}</a>
        </p>
        <Link to="/" className="text-link">
          Back to {site.name}
        </Link>
      </Card>
    </main>
  );
}
