import type { SiteModule } from '../registry/site-module';
import { authRoutes } from './auth.routes';

/** Signing in and out, two-step sign-in, sessions. */
export const authModule: SiteModule = { name: 'auth', routes: authRoutes };
