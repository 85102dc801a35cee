import { IconStars } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'marketing/reputation',
    className: 'reputation-manager',
    access: 'marketing',
    load: () => import('./ReputationManager'),
    nav: {
      group: 'Marketing',
      order: 63,
      label: 'Reputation',
      href: '/marketing/reputation/',
      description: 'What customers say about the stores on review sites',
      icon: IconStars,
    },
  },
]);
