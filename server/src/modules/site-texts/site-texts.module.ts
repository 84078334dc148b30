import type { ContentModule } from '../content/content-module';
import { siteTextRoutes } from './site-texts.routes';
import type { ShippedTexts } from './shipped-texts';

/** The site texts: their API; every public page is rendered with them (page-contents.ts). */
export const siteTextsModule = (shipped: ShippedTexts): ContentModule => ({ routes: siteTextRoutes(shipped) });
