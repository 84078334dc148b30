import { lazy, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StaffLayout } from './staff-layout';

const LoginPage = lazy(() => import('./routes/admin/login-page'));
const DashboardPage = lazy(() => import('./routes/admin/dashboard-page'));

/** A public page reached from the admin application: the server renders it, so it is loaded whole. */
function ServerPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return null;
}

/**
 * The admin area's route table in the browser (login, dashboard); any other address is a server
 * page. Its own module, so that the browser's bundle holds none of the public pages' code.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<StaffLayout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="*" element={<ServerPage />} />
      </Route>
    </Routes>
  );
}
