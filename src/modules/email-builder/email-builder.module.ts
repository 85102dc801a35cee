import { defineModule } from '../../server/platform/modules';
import './email-builder.server';
import { seedEmailTemplates } from './email-builder.seed';
import { registerRenderRoute } from './render-route';

/** The email builder: templates of pieces, the compiled HTML and its preview, imports from plans, test sends. */
export default defineModule({
  name: 'email-builder',
  seed: seedEmailTemplates,
  scale: () => import('./email-builder.scale'),
  routes: registerRenderRoute,
});
