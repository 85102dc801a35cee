import { defineModule } from '../../server/platform/modules';
import './page-builder.server';
import { registerPageRoutes } from './page-routes';
import { seedLandingPages } from './page-builder.seed';

/** The landing-page builder: pages of modules, a live preview, and published pages at a public address. */
export default defineModule({
  name: 'page-builder',
  seed: seedLandingPages,
  scale: () => import('./page-builder.scale'),
  routes: registerPageRoutes,
});
