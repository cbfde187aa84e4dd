import { Button, Callout, HTMLSelect, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { LogOutIcon } from '../../../components/icons';
import { errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminStatus, useLogout } from '../../../lib/auth';
import { useSiteInfo } from '../../../lib/business-info';
import '../admin.css';

/** One dashboard section; the app composes the list (src/app/admin-sections.tsx). */
export interface DashboardSection {
  id: string;
  label: string;
  component?: LazyExoticComponent<ComponentType>;
}

function useNarrow(): boolean {
  const query = '(max-width: 767px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const onChange = () => setNarrow(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

/** Blueprint's ids for a tab of the section tabs (its aria-controls names the panel). */
const TABS_ID = 'admin-sections';
const tabPanelProps = (id: string) =>
  ({ role: 'tabpanel', id: `bp6-tab-panel_${TABS_ID}_${id}`, 'aria-labelledby': `bp6-tab-title_${TABS_ID}_${id}` }) as const;

function SectionPanel({ section }: { section: DashboardSection }) {
  const Section = section.component;
  return (
    <div className="admin-panel" id={`admin-panel-${section.id}`}>
      {Section ? (
        <Suspense fallback={<Spinner aria-label={`Loading ${section.label}`} />}>
          <Section />
        </Suspense>
      ) : (
        <>
          <h2>{section.label}</h2>
          <Callout intent="primary">The {section.label} tools are coming soon to this dashboard.</Callout>
        </>
      )}
    </div>
  );
}

/**
 * /admin: the staff dashboard shell. Loaded on demand, never with the landing page. `live` (the app's
 * live updates) is mounted in the header only while an admin is signed in.
 */
export default function AdminDashboard({ sections, live }: { sections: DashboardSection[]; live?: ReactNode }) {
  const status = useAdminStatus();
  const narrow = useNarrow();
  const navigate = useNavigate();
  const location = useLocation();
  const [section, setSection] = useState<string>(location.pathname === '/admin/gallery-management' ? 'gallery' : sections[0]!.id);
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  // The café as staff named it in Business Info, in the tab and the header.
  const site = useSiteInfo();
  usePageTitle(`${current.label} · Dashboard`, site);
  const logout = useLogout({
    onSuccess: () => {
      void toast({ title: 'Logged out successfully', intent: 'success' });
      void navigate('/admin/login', { replace: true });
    },
    onError: (error) => void toast({ title: 'Logout failed', description: errorDescription(error, 'Failed to logout'), intent: 'danger' }),
  });

  if (status.isPending) {
    return (
      <main className="admin-center">
        <Spinner aria-label="Loading your session" />
      </main>
    );
  }
  if (status.isError) {
    return (
      <main className="admin-center">
        <Callout intent="danger" role="alert">
          {status.error.message}
        </Callout>
      </main>
    );
  }
  if (status.data === 'signed-out') return <Navigate to="/admin/login" replace />;
  if (status.data === 'not-admin') return <Navigate to="/admin/login?error=access_denied" replace />;

  return (
    <div className="admin">
      <header className="admin-header">
        <h1 className="admin-title">
          <a href="/" className="brand">
            <Logo size={36} />
            <span className="brand-name">{site.name} · Dashboard</span>
          </a>
        </h1>
        {live ? <Suspense fallback={null}>{live}</Suspense> : null}
      </header>
      <main className="admin-main">
        {narrow ? (
          <HTMLSelect aria-label="Dashboard section" value={section} onChange={(e) => setSection(e.target.value)} fill>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </HTMLSelect>
        ) : (
          <Tabs id={TABS_ID} selectedTabId={section} onChange={(id) => setSection(String(id))} large>
            {sections.map((s) => (
              <Tab key={s.id} id={s.id} title={s.label} />
            ))}
          </Tabs>
        )}
        <div className="admin-logout">
          <Button icon={<LogOutIcon />} text="Logout" loading={logout.isPending} onClick={() => logout.mutate()} />
        </div>
        {/* With tabs the section is the selected tab's panel; the phones' select has no tabs. */}
        <div {...(narrow ? {} : tabPanelProps(current.id))}>
          <SectionPanel section={current} />
        </div>
      </main>
    </div>
  );
}
