import { defineModule } from '../../server/platform/modules';
import './acquisition.server';
import { seedAcquisitionVehicles } from './acquisition.seed';

/** Acquisition vehicles: what each store's acquisition team is bringing in, by VIN and service tag. */
export default defineModule({
  name: 'acquisition',
  seed: seedAcquisitionVehicles,
  scale: () => import('./acquisition.scale'),
});
