import { defineModule } from '../../server/platform/modules';
import './inventory.server';
import { registerLibraryPictures } from './library-pictures';
import { seedInventory } from './inventory.seed';

/** Store inventory, the vehicle search and the vehicle library that stores import models from. */
export default defineModule({
  name: 'inventory',
  seed: seedInventory,
  scale: () => import('./inventory.scale'),
  routes: registerLibraryPictures,
});
