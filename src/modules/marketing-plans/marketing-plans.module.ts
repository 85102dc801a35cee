import { defineModule } from '../../server/platform/modules';
import './marketing-plans.server';
import { seedMarketingPlans } from './marketing-plans.seed';

/** Marketing plans (vehicles, coupons, campaigns), the coupons calls and Facebook ads from a plan. */
export default defineModule({
  name: 'marketing-plans',
  seed: seedMarketingPlans,
  scale: () => import('./marketing-plans.scale'),
});
