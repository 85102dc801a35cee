import { defineModule } from '../../server/platform/modules';
import './testimonials.server';
import { seedTestimonials } from './testimonials.seed';

/** ClickLane testimonials: what buyers on the click-to-buy lane said, published to the lane by marketing. */
export default defineModule({
  name: 'testimonials',
  seed: seedTestimonials,
  scale: () => import('./testimonials.scale'),
});
