import { defineModule } from '../../server/platform/modules';
import './service.server';
import { seedService } from './service.seed';
import { serviceFigures } from './service.shell';

/** The service department's appointment data: bookings, their sources and services, recalls, the online scheduler's visits, and the reports on them. */
export default defineModule({
  name: 'service',
  seed: seedService,
  scale: () => import('./service.scale'),
  figures: serviceFigures,
});
