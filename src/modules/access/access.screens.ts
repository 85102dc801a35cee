import { IconShieldLock } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'access',
    className: 'sandbox-access-manager',
    access: 'accessAdmin',
    load: () => import('./SandboxAccessManager'),
    nav: {
      group: 'People',
      order: 11,
      label: 'Access',
      href: '/access/',
      description: 'What each job code may use',
      icon: IconShieldLock,
    },
  },
]);
