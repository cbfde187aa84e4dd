import { Card } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router-dom';
import { Logo } from '../components/layout/logo';

/** Any path the router does not know. The hint is for whoever wired the routes. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="not-found">
      <Card className="center-card" elevation={2}>
        <Logo size={56} />
        <h1>404 Page Not Found</h1>
        <p>
          Nothing lives at <code>{pathname}</code>.
        </p>
        <p className="muted">Did you forget to add the page to the router? (web/src/app/router.tsx)</p>
        <Link to="/" className="text-link">
          Back to the café
        </Link>
      </Card>
    </main>
  );
}
