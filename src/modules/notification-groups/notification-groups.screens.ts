import { IconBellRinging } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// The spec names the screens ("notification groups and their members") but not their classes or URLs.
export default defineScreens([
  {
    path: 'notification-groups',
    className: 'notification-group-manager',
    access: 'messenger',
    load: () => import('./NotificationGroupManager'),
    nav: {
      group: 'People',
      order: 13,
      label: 'Notification groups',
      href: '/notification-groups/',
      description: 'Who at each location is told of leads, texts and calls',
      icon: IconBellRinging,
    },
  },
  {
    path: 'notification-groups/members',
    title: 'Notification group members',
    className: 'notification-group-members',
    access: 'messenger',
    load: () => import('./NotificationGroupMembers'),
  },
]);
