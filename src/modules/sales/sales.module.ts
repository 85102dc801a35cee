import { defineModule } from '../../server/platform/modules';
import './incentives.server';
import './purchases.server';
import './marketplace.server';
import { seedSales } from './sales.seed';

/** Sales: the incentives deals may apply, the purchases the sales squads made, and marketplace leads. */
export default defineModule({
  name: 'sales',
  seed: seedSales,
  scale: () => import('./sales.scale'),
});
