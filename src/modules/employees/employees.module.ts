import { defineModule } from '../../server/platform/modules';
import './employees.server';
import { seedEmployees } from './employees.seed';
import { findEmployees } from './employees.shell';

/** The staff directory. */
export default defineModule({
  name: 'employees',
  seed: seedEmployees,
  scale: () => import('./employees.scale'),
  find: [findEmployees],
});
