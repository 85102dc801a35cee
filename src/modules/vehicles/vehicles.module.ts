import { defineModule } from '../../server/platform/modules';
import './vehicles.server';

/**
 * The vehicle catalogue (years, makes, models, trims; shipped in migration 0011) and VINs, shared by
 * every module that names a vehicle. It has no demo seed: the catalogue is in every database.
 */
export default defineModule({ name: 'vehicles' });
