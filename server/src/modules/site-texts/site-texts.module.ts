import type { SiteModule } from '../registry/site-module';
import { siteTextRoutes } from './site-texts.routes';

/** The site texts: their API (over the texts the build ships: `app.shippedTexts`); every public page is rendered with them (page-contents.ts). */
export const siteTextsModule: SiteModule = { name: 'site-texts', routes: siteTextRoutes };
