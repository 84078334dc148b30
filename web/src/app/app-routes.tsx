import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SiteLayout } from './site-layout';
import { StaffLayout } from './staff-layout';

// Every page is its own chunk; the admin pages are never loaded by a visitor of a public page.
const HomePage = lazy(() => import('./routes/public/home-page'));
const ImprintPage = lazy(() => import('./routes/public/imprint-page'));
const AboutPage = lazy(() => import('./routes/public/about-page'));
const ContactPage = lazy(() => import('./routes/public/contact-page'));
const JobsPage = lazy(() => import('./routes/public/jobs-page'));
const JobPage = lazy(() => import('./routes/public/job-page'));
const BlitzschutzPage = lazy(() => import('./routes/public/blitzschutz-page'));
const ProjectsPage = lazy(() => import('./routes/public/projects-page'));
const ServicesPage = lazy(() => import('./routes/public/services-page'));
const ProjectDetailPage = lazy(() => import('./routes/public/project-detail-page'));
const NewsPage = lazy(() => import('./routes/public/news-page'));
const NewsPostPage = lazy(() => import('./routes/public/news-post-page'));
const CustomPage = lazy(() => import('./routes/public/custom-page'));
const LoginPage = lazy(() => import('./routes/admin/login-page'));
const DashboardPage = lazy(() => import('./routes/admin/dashboard-page'));

/**
 * The route table of SPEC.md §2, as the server renders it; React Router matches paths
 * case-insensitively. Public pages are rendered only there: in the browser they are complete
 * HTML with islands (islands/main.ts), not part of a client-side application.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="impressum" element={<ImprintPage />} />
        <Route path="aboutus" element={<AboutPage />} />
        <Route path="contactus" element={<ContactPage />} />
        <Route path="jobs" element={<JobsPage />} />
        <Route path="jobs/:id" element={<JobPage />} />
        <Route path="Blitzschutz" element={<BlitzschutzPage />} />
        <Route path="Projects" element={<ProjectsPage />} />
        <Route path="Services" element={<ServicesPage />} />
        <Route path="project/:id" element={<ProjectDetailPage />} />
        <Route path="aktuelles" element={<NewsPage />} />
        <Route path="aktuelles/:address" element={<NewsPostPage />} />
        {/* A page staff added (issue 45): any other address of one segment; the server answers "not found" where none is. */}
        <Route path=":address" element={<CustomPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
      {/* As the browser renders them (admin-routes.tsx): without the visitors' contact form. */}
      <Route element={<StaffLayout />}>
        <Route path="login" element={<LoginPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
      </Route>
    </Routes>
  );
}
