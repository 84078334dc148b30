import { type ComponentType, lazy, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StaffLayout } from './staff-layout';

// /login is the server's page; the application shows it only for an invitation link.
const InvitationPage = lazy(() => import('./routes/admin/invitation-page'));
let LoadedDashboardPage: ComponentType | undefined;
const loadDashboardPage = () =>
  import('./routes/admin/dashboard-page').then((module) => {
    LoadedDashboardPage = module.default;
    return module;
  });
const LazyDashboardPage = lazy(loadDashboardPage);
// Loaded before the first render (prepareDashboard): rendered at once, not after a fallback.
// Decided once, at mount: switching from the lazy component to the loaded one would mount it anew.
function DashboardPage() {
  const [Page] = useState(() => LoadedDashboardPage ?? LazyDashboardPage);
  return <Page />;
}

/** How long the first render waits for the dashboard's first view; past it, the page renders with its loading states. */
const preparationLimit = 1500;

/**
 * Loads the dashboard page and, through it, what its first view shows (the session, the tab it
 * lands on, the list's answers) before the application first renders (issue 46): the list shows in
 * that render instead of after "checking", a spinner and a render for each answer. Never fails.
 */
export function prepareDashboard(): Promise<void> {
  const prepared = loadDashboardPage().then((module) => module.prepareFirstView());
  return Promise.race([prepared, new Promise((resolve) => setTimeout(resolve, preparationLimit))]).then(
    () => undefined,
    () => undefined,
  );
}

/** A public page reached from the admin application: the server renders it, so it is loaded whole. */
function ServerPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

/**
 * The admin area's route table in the browser (the dashboard, and an invitation's /login); any
 * other address is a server page. Its own module, so that the browser's bundle holds none of the public pages' code.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<StaffLayout />}>
        <Route path="login" element={<InvitationPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="*" element={<ServerPage />} />
      </Route>
    </Routes>
  );
}
