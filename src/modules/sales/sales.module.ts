import { defineModule } from '../../server/platform/modules';
import './desking.server';
import './price-builder.server';
import './incentives.server';
import { registerQuotePage } from './quote-page';
import { seedSales } from './sales.seed';

/** Sales: the desking tool, the price builder and its texted quotes, the incentives deals may apply. */
export default defineModule({
  name: 'sales',
  seed: seedSales,
  scale: () => import('./sales.scale'),
  routes: registerQuotePage,
});
