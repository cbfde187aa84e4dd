import { AnchorButton, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LockIcon } from '../../../components/icons';
import { useAdminStatus } from '../../auth';

export function AccessDenied() {
  return (
    <NonIdealState
      className="gallery-access"
      icon={<LockIcon size={40} />}
      title="Access Denied"
      description="You don't have permission to access this page."
      action={
        <div className="gallery-access-actions">
          <AnchorButton href="/" text="Back to the website" />
          <AnchorButton href="/api/login" intent="primary" text="Sign in with another account" />
        </div>
      }
    />
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
