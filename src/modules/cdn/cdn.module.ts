import { defineModule } from '../../server/platform/modules';
import './cdn.server';
import { seedUploads } from './cdn.seed';
import { registerUploadRoute } from './serve-uploads';

/** The CDN upload manager: files of the stores' marketing, checked, compressed and served from a path of their own. */
export default defineModule({
  name: 'cdn',
  seed: seedUploads,
  scale: () => import('./cdn.scale'),
  routes: registerUploadRoute,
});
