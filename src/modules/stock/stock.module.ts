import { defineModule } from '../../server/platform/modules';
import './stock.server';
import { seedStock } from './stock.seed';

/** Stock numbers: generated per location from VINs, one at a time or in batches, with trades, a report and a reader. */
export default defineModule({ name: 'stock', seed: seedStock, scale: () => import('./stock.scale') });
