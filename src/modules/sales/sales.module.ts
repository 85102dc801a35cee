import { defineModule } from '../../server/platform/modules';
import './desking.server';
import './price-builder.server';
import './incentives.server';
import './purchases.server';
import './marketplace.server';
import { registerQuotePage } from './quote-page';
import { seedSales } from './sales.seed';

/**
 * Sales: the desking tool, the price builder with its texted quotes and their customer page, the
 * incentives deals may apply, the purchases the sales squads made, and marketplace leads.
 */
export default defineModule({
  name: 'sales',
  seed: seedSales,
  scale: () => import('./sales.scale'),
  routes: registerQuotePage,
});
