import { lazy, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StaffLayout } from './staff-layout';

// /login is the server's page; the application shows it only for an invitation link.
const InvitationPage = lazy(() => import('./routes/admin/invitation-page'));
const DashboardPage = lazy(() => import('./routes/admin/dashboard-page'));

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
