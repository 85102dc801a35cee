import { defineModule } from '../../server/platform/modules';
import './locations.server';
import { seedLocations } from './locations.seed';
import { findLocations } from './locations.shell';

/** The group's stores: the entity every tool filters by. */
export default defineModule({
  name: 'locations',
  seed: seedLocations,
  scale: () => import('./locations.scale'),
  find: [findLocations],
});
