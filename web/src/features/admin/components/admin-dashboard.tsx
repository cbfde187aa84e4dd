import { Callout, HTMLSelect, Spinner, Tab, Tabs, TabsExpander } from '@blueprintjs/core';
import { CogIcon } from '@blueprintjs/icons/lib/esm/generated/components/cog';
import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminStatus } from '../../../lib/auth';
import { adminParams, sectionAddress } from '../../../lib/admin-address';
import { useSiteInfo } from '../../../lib/business-info';
import './admin.css';

/** One dashboard section; the app composes the list (src/app/admin-sections.tsx). */
export interface DashboardSection {
  id: string;
  label: string;
  component?: LazyExoticComponent<ComponentType>;
  /** A count beside the section's name (pending party requests), kept live by the section's own queries. */
  badge?: LazyExoticComponent<ComponentType<SectionBadgeProps>>;
  /** 'operators': tools for whoever runs the site (System), set apart after the everyday sections. */
  group?: 'operators';
}

/** `onOpen` is given on phones, where the badge is a button to the section beside the section dropdown. */
export interface SectionBadgeProps {
  label: string;
  onOpen?: () => void;
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

interface AdminDashboardProps {
  sections: DashboardSection[];
  /** The app's live updates, the search box and who is signed in (with Logout): header parts composed by the app. */
  live?: ReactNode;
  search?: ReactNode;
  account?: ReactNode;
}

function Badge({ section, onOpen }: { section: DashboardSection; onOpen?: () => void }) {
  const Count = section.badge!;
  return (
    <Suspense fallback={null}>
      <Count label={section.label} onOpen={onOpen} />
    </Suspense>
  );
}

/**
 * /admin: the staff dashboard shell. Loaded on demand, never with the landing page. The header's parts
 * are mounted only while an admin is signed in. The section is the address's `?section=`, so a reload
 * and back/forward keep it.
 */
export default function AdminDashboard({ sections, live, search, account }: AdminDashboardProps) {
  const status = useAdminStatus();
  const narrow = useNarrow();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const asked = params.get(adminParams.section);
  const section =
    location.pathname === '/admin/gallery-management' ? 'gallery' : (sections.find((s) => s.id === asked)?.id ?? sections[0]!.id);
  const current = sections.find((s) => s.id === section) ?? sections[0]!;
  // The owner's everyday sections first; the operators' tools apart, at the end.
  const everyday = sections.filter((s) => s.group !== 'operators');
  const operators = sections.filter((s) => s.group === 'operators');
  const setSection = (id: string) => {
    if (id !== section) void navigate(sectionAddress(id));
  };
  // The café as staff named it in Business Info, in the tab and the header.
  const site = useSiteInfo();
  usePageTitle(`${current.label} · Dashboard`, site);

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
        {live ? (
          <div className="admin-live">
            <Suspense fallback={null}>{live}</Suspense>
          </div>
        ) : null}
        {search ? (
          <div className="admin-search">
            <Suspense fallback={null}>{search}</Suspense>
          </div>
        ) : null}
        {account ? (
          <div className="admin-account">
            <Suspense fallback={null}>{account}</Suspense>
          </div>
        ) : null}
      </header>
      <main className="admin-main">
        {narrow ? (
          <div className="admin-section-select">
            <HTMLSelect aria-label="Dashboard section" value={section} onChange={(e) => setSection(e.target.value)} fill>
              {everyday.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
              {operators.length > 0 ? (
                <optgroup label="Operators">
                  {operators.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.label}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </HTMLSelect>
            {sections.map((s) => (s.badge ? <Badge key={s.id} section={s} onOpen={() => setSection(s.id)} /> : null))}
          </div>
        ) : (
          <Tabs id={TABS_ID} selectedTabId={section} onChange={(id) => setSection(String(id))} large className="admin-tabs">
            {everyday.map((s) => (
              <Tab
                key={s.id}
                id={s.id}
                title={
                  <>
                    {s.label}
                    {s.badge ? <Badge section={s} /> : null}
                  </>
                }
              />
            ))}
            {operators.length > 0 ? <TabsExpander /> : null}
            {operators.map((s) => (
              <Tab
                key={s.id}
                id={s.id}
                className="admin-tab-operators"
                title={
                  <span className="ops-tab">
                    <span className="ops-tab-group">Operators</span>
                    <span className="ops-tab-name">
                      <CogIcon size={14} aria-hidden="true" />
                      {s.label}
                    </span>
                  </span>
                }
              />
            ))}
          </Tabs>
        )}
        {/* With tabs the section is the selected tab's panel; the phones' select has no tabs. */}
        <div {...(narrow ? {} : tabPanelProps(current.id))}>
          <SectionPanel section={current} />
        </div>
      </main>
    </div>
  );
}
