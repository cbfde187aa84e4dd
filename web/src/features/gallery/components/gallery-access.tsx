import { AnchorButton, Button, Callout, Card, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LockIcon, LogOutIcon } from '../../../components/icons';
import { Logo } from '../../../components/layout/logo';
import { useAdminStatus } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSignOut } from '../../../lib/use-sign-out';
import './gallery-access.css';

/** Denied, as on the dashboard's sign-in page: sign in as someone else, or sign out. */
export function AccessDenied() {
  usePageTitle('Access denied');
  const logout = useSignOut();
  return (
    <Card className="center-card access-denied-card" elevation={2} role="alert">
      <Logo size={56} />
      <LockIcon size={28} className="access-denied-icon" />
      <h1>Access Denied</h1>
      <p className="muted">You don't have permission to access this page.</p>
      <div className="access-denied-actions">
        <AnchorButton href="/api/login" intent="primary" size="large" fill icon={<LockIcon />} text="Sign in with another account" />
        <Button size="large" fill icon={<LogOutIcon />} text="Sign out" loading={logout.isPending} onClick={() => logout.mutate()} />
        <AnchorButton href="/" variant="minimal" fill text="Back to the website" />
      </div>
    </Card>
  );
}

/**
 * The gallery tools check admin status themselves: 'Checking admin access...' while the check runs,
 * then 'Access Denied' for anyone who is not an admin.
 */
export function GalleryAccessGate({ children }: { children: ReactNode }) {
  const status = useAdminStatus();
  if (status.isPending) {
    return (
      <div className="gallery-access" role="status">
        <Spinner size={28} />
        <p>Checking admin access...</p>
      </div>
    );
  }
  if (status.isError) {
    return (
      <Callout intent="danger" role="alert">
        {status.error.message}
      </Callout>
    );
  }
  if (status.data !== 'admin') return <AccessDenied />;
  return <>{children}</>;
}

/**
 * /admin/gallery-management: the dashboard with the Gallery section open, for admins. Unlike /admin,
 * a signed-in non-admin is not redirected but told 'Access Denied' here; the shell handles the rest.
 */
export function GalleryManagementRoute({ dashboard }: { dashboard: ReactNode }) {
  const status = useAdminStatus();
  if (status.isPending || status.data === 'not-admin') {
    return (
      <main className="admin-center">
        <GalleryAccessGate>{null}</GalleryAccessGate>
      </main>
    );
  }
  return <>{dashboard}</>;
}
