import { defineModule } from '../../server/platform/modules';
import './vehicle-page.server';
import { findVehicles } from './vehicle-page.shell';

/** One vehicle: the records of every module that carry its VIN, on one page (docs/vehicles.md). */
export default defineModule({ name: 'vehicle-page', find: [findVehicles] });
