import { IconInbox } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'outbox',
    className: 'outbox',
    access: 'developer',
    load: () => import('./Outbox'),
    nav: {
      group: 'Tools',
      order: 90,
      label: 'Outbox',
      description: 'Texts, emails and calls the local drivers would have sent',
      icon: IconInbox,
    },
  },
]);
