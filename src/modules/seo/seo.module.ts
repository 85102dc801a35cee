import { defineModule } from '../../server/platform/modules';
import './seo.server';
import './planner.server';
import './cms.server';
import { registerCmsPreview } from './seo.routes';
import { seedSeo } from './seo.seed';

/**
 * SEO pages on the stores' websites: the list with its add and edit forms, the planner's charts, the
 * builder's to-do list, and the pages built through the website CMS (docs/seo.md).
 */
export default defineModule({
  name: 'seo',
  seed: seedSeo,
  scale: () => import('./seo.scale'),
  routes: registerCmsPreview,
});
