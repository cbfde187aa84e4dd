import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../routes/landing';
import { NotFoundPage } from '../routes/not-found';
import { AnnouncementBanner } from '../features/business-info/components/announcement-banner';
import { withBlueprintCss } from '../lib/blueprint-css';

// The staff screens are split away from the landing page: their code loads only on /admin paths.
const AdminLoginPage = lazy(() => withBlueprintCss(() => import('../features/auth/components/admin-login-page')));
// The dashboard with its sections, live updates, search and account: one chunk, composed in admin-dashboard-route.
const AdminDashboard = lazy(() => withBlueprintCss(() => import('./admin-dashboard-route')));
const GalleryManagementRoute = lazy(() =>
  withBlueprintCss(() => import('../features/gallery/components/gallery-access')).then((m) => ({ default: m.GalleryManagementRoute })),
);

// Every upcoming event: its own chunk (the landing page's section shows the first few).
const EventsPage = lazy(() => withBlueprintCss(() => import('../features/cafe-events/components/events-page')));

// The guest's booking page (the link in their e-mails): its own chunk, nothing added to the landing page.
const ManageBookingPage = lazy(() => withBlueprintCss(() => import('../features/manage-booking/components/manage-booking-page')));

// A game night sign-up's page (the link in its e-mails): its own chunk.
const MySignUpPage = lazy(() => withBlueprintCss(() => import('../features/cafe-events/components/my-sign-up-page')));

// Open tables: the public listing and the host's page (their booking's link), each its own chunk.
const OpenTablesPage = lazy(() => withBlueprintCss(() => import('../features/open-tables/components/open-tables-page')));
const HostTablePage = lazy(() => withBlueprintCss(() => import('../features/open-tables/components/host-table-page')));

// The game library and a game's page: their own chunks, on the landing page's CSS only (a phone's first view stays small).
const GamesPage = lazy(() => import('../features/game-library/components/games-page'));
const GamePage = lazy(() => import('../features/game-library/components/game-page'));

// The waitlists' guest pages (their links in mails and texts): each its own chunk.
const WaitlistPage = lazy(() => withBlueprintCss(() => import('../features/waitlist/components/waitlist-page')));
const OfferPage = lazy(() => withBlueprintCss(() => import('../features/waitlist/components/offer-page')));
const QueuePage = lazy(() => withBlueprintCss(() => import('../features/door-queue/components/queue-page')));

// The printable day sheet: its own chunk, staff only.
const DaySheetPage = lazy(() => withBlueprintCss(() => import('../features/day-sheet/components/day-sheet-page')));

const loading = (
  <main className="admin-center">
    <Spinner aria-label="Loading" />
  </main>
);

const dashboard = <AdminDashboard />;

export function AppRoutes() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/admin/login" element={<AdminLoginPage />} />
        <Route path="/admin" element={dashboard} />
        <Route path="/admin/day-sheet" element={<DaySheetPage />} />
        <Route path="/admin/gallery-management" element={<GalleryManagementRoute dashboard={dashboard} />} />
        <Route path="/my-booking" element={<ManageBookingPage />} />
        <Route path="/my-event-sign-up" element={<MySignUpPage />} />
        <Route path="/events" element={<EventsPage announcement={<AnnouncementBanner />} />} />
        <Route path="/open-tables" element={<OpenTablesPage announcement={<AnnouncementBanner />} />} />
        <Route path="/open-tables/host" element={<HostTablePage />} />
        <Route path="/waitlist/:token" element={<WaitlistPage />} />
        <Route path="/waitlist-offers/:token" element={<OfferPage />} />
        <Route path="/queue/:token" element={<QueuePage />} />
        <Route path="/games" element={<GamesPage />} />
        <Route path="/games/:id" element={<GamePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
