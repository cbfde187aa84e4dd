import { lazy } from 'react';
import AdminDashboard from '../features/admin/components/admin-dashboard';
import { adminSections } from './admin-sections';

// Opened by the dashboard only while an admin is signed in; its code loads with the dashboard's, not before.
const LiveUpdates = lazy(() => import('../features/live-updates/components/live-updates'));
// The header's search box and who is signed in: loaded with the dashboard too.
const AdminSearch = lazy(() => import('./admin-search'));
const SignedInAs = lazy(() => import('../features/auth/components/signed-in-as'));

/**
 * The staff dashboard composed with its sections: a chunk of its own, so the sections' list (each a lazy
 * chunk with its dependency list) is not part of the landing page's entry. Each new section had added its
 * declaration to every visitor's first download.
 */
export default function AdminDashboardRoute() {
  return <AdminDashboard sections={adminSections} live={<LiveUpdates />} search={<AdminSearch />} account={<SignedInAs />} />;
}
