import type { i18n as I18n } from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AppRoutes } from './app-routes';

/** The providers every page shares; the router is passed in (browser or static). */
export function App({ i18n, router }: { i18n: I18n; router: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>{router(<AppRoutes />)}</I18nextProvider>
    </StrictMode>
  );
}
