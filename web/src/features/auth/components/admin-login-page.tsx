import { AnchorButton, Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_CAFE } from '@cafe/contracts/business-facts';
import { Logo } from '../../../components/layout/logo';
import { LockIcon, LogOutIcon } from '../../../components/icons';
import { useAdminStatus } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignOut } from '../../../lib/use-sign-out';
import { useSignedInUser } from '../api/current-user';
import './auth.css';

export const ACCESS_DENIED = 'Access denied. Your email is not authorized for admin access.';

/**
 * Signed in but not on the whitelist: who they are, Sign out, and a sign-in with another account (the
 * provider asks for the account every time). Without Sign out the only way on was the provider's page.
 */
function SignedInNotAdmin() {
  const user = useSignedInUser();
  const logout = useSignOut();
  return (
    <>
      {user.data?.email ? (
        <p className="login-who">
          Signed in as <strong>{user.data.email}</strong>
        </p>
      ) : null}
      <div className="login-actions">
        <AnchorButton href="/api/login" intent="primary" size="large" fill icon={<LockIcon />} text="Sign in with another account" />
        <Button size="large" fill icon={<LogOutIcon />} text="Sign out" loading={logout.isPending} onClick={() => logout.mutate()} />
      </div>
    </>
  );
}

/** /admin/login: sign in through the identity provider; denied visitors read why, and may sign out. */
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
  const signedInNotAdmin = status.data === 'not-admin';
  const denied = params.get('error') === 'access_denied' || signedInNotAdmin;
  return (
    <main className="admin-center">
      <Card className="center-card" elevation={2}>
        <Logo size={56} />
        <h1>Staff sign-in</h1>
        <p className="muted">{DEFAULT_CAFE.shortName}'s dashboard for reservations, parties and site content.</p>
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
        {signedInNotAdmin ? (
          <SignedInNotAdmin />
        ) : (
          <AnchorButton href="/api/login" intent="primary" size="large" fill icon={<LockIcon />} text="Sign in" />
        )}
        <a className="text-link" href="/">
          Back to the website
        </a>
      </Card>
    </main>
  );
}
