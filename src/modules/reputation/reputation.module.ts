import { defineModule } from '../../server/platform/modules';
import './reputation.server';
import { seedReviews } from './reputation.seed';

/** The reputation manager: customer reviews of the stores on review sites (docs/reputation.md). */
export default defineModule({ name: 'reputation', seed: seedReviews, scale: () => import('./reputation.scale') });
