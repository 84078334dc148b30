import type { SiteModule } from '../registry/site-module';
import { goLiveRoutes } from './go-live.routes';

export const goLiveModule: SiteModule = { name: 'go-live', routes: goLiveRoutes };
