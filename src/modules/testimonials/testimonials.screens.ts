import { IconMessageStar } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 002 gives both addresses; the list sits in the menu beside the other ClickLane screens.
export default defineScreens([
  {
    path: 'clicklane/testimonials',
    className: 'clicklane-testimonials',
    access: 'marketing',
    load: () => import('./ClickLaneTestimonials'),
    nav: {
      group: 'ClickLane',
      order: 48.5,
      label: 'Testimonials',
      href: '/clicklane/testimonials/',
      description: 'What click-to-buy customers said, published to the lane',
      icon: IconMessageStar,
    },
  },
  {
    path: 'clicklane/testimonials/testimonial',
    className: 'clicklane-testimonial',
    access: 'marketing',
    load: () => import('./ClickLaneTestimonial'),
    title: 'Testimonial',
  },
]);
