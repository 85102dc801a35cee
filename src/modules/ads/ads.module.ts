import { defineModule } from '../../server/platform/modules';
import './ads.server';
import { seedAds } from './ads.seed';

/** The Facebook ad report: what the stores' ads spent and earned (docs/ads.md). */
export default defineModule({ name: 'ads', seed: seedAds, scale: () => import('./ads.scale') });
