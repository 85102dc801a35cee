import { defineModule } from '../../server/platform/modules';
import './appraisals.server';
import { seedAppraisals } from './appraisals.seed';

/** Appraisals: trade-in offers, the rules that price them, and each store's tallies. */
export default defineModule({
  name: 'appraisals',
  seed: seedAppraisals,
  scale: () => import('./appraisals.scale'),
});
