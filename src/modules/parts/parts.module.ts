import { defineModule } from '../../server/platform/modules';
import './parts.server';
import { seedPartsInvoices } from './parts.seed';

/** Parts: what each store's parts counter billed, and whether it has been paid. */
export default defineModule({
  name: 'parts',
  seed: seedPartsInvoices,
  scale: () => import('./parts.scale'),
});
