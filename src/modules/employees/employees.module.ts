import { defineModule } from '../../server/platform/modules';
import './employees.server';
import { seedEmployees } from './employees.seed';

/** The staff directory. */
export default defineModule({ name: 'employees', seed: seedEmployees, scale: () => import('./employees.scale') });
