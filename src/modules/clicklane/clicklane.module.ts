import { defineModule } from '../../server/platform/modules';
import './clicklane.server';
import './quotes.server';
import './lane-users.server';
import { seedClickLane } from './clicklane.seed';

/**
 * The click-to-buy lane's back office (ClickLane): leads from the partner site, lane vehicles,
 * deliveries with the updates customers read, insurance quotes and the lane's own users
 * (docs/clicklane.md). Testimonials, questionnaires and appraisals are modules of their own.
 */
export default defineModule({ name: 'clicklane', seed: seedClickLane, scale: () => import('./clicklane.scale') });
