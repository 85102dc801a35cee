import { IconUserCheck } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Beside the messenger's list tools and the mailing list it cleans lists for.
export default defineScreens([
  {
    path: 'experience/clean-sold-list',
    className: 'clean-sold-list',
    access: 'marketing',
    load: () => import('./CleanSoldList'),
    nav: {
      group: 'Phones',
      order: 39.5,
      label: 'Clean sold list',
      href: '/experience/clean-sold-list',
      description: "Take customers who bought off a marketing list; import the website chat's leads",
      icon: IconUserCheck,
    },
  },
]);
