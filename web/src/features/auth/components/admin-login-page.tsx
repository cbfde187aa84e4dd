import { AnchorButton, Callout, Card, Spinner } from '@blueprintjs/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { LockIcon } from '../../../components/icons';
import { useAdminStatus } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/use-page-title';
import '../auth.css';

export const ACCESS_DENIED = 'Access denied. Your email is not authorized for admin access.';

/** /admin/login: sign in through the identity provider; denied visitors read why. */
export default function AdminLoginPage() {
  const [params] = useSearchParams();
  const status = useAdminStatus();
  usePageTitle('Staff sign-in');
  if (status.isPending) {
    return (
      <main className="admin-center">
        <Spinner aria-label="Checking your session" />
      </main>
    );
  }
  if (status.data === 'admin') return <Navigate to="/admin" replace />;
  const denied = params.get('error') === 'access_denied' || status.data === 'not-admin';
  return (
    <main className="admin-center">
      <Card className="center-card" elevation={2}>
        <Logo size={56} />
        <h1>Staff sign-in</h1>
        <p className="muted">Meeple Haven's dashboard for reservations, parties and site content.</p>
        {denied ? (
          <Callout intent="danger" role="alert" className="login-alert">
            {ACCESS_DENIED}
          </Callout>
        ) : null}
        {status.isError ? (
          <Callout intent="warning" role="alert" className="login-alert">
            {status.error.message}
          </Callout>
        ) : null}
        {/* A page navigation, not a fetch: the sign-in flow redirects through the identity provider. */}
        <AnchorButton href="/api/login" intent="primary" size="large" fill icon={<LockIcon />} text="Sign in" />
        <a className="text-link" href="/">
          Back to the website
        </a>
      </Card>
    </main>
  );
}
