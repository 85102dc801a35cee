import { IconKey, IconUsers } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'users',
    className: 'user-manager',
    access: 'userAdmin',
    load: () => import('./UserManager'),
    nav: {
      group: 'People',
      order: 10,
      label: 'Users',
      href: '/users/',
      description: 'Accounts, permissions, sign-in methods and locks',
      icon: IconUsers,
    },
  },
  {
    path: 'users/edit',
    title: 'Edit user',
    className: 'edit-user',
    access: 'userAdmin',
    load: () => import('./EditUser'),
  },
  { path: 'profile', title: 'Profile', className: 'profile', access: 'signedIn', load: () => import('./Profile') },
  {
    path: 'settings/api-key',
    className: 'edit-api-key',
    access: 'developer',
    load: () => import('./EditApiKey'),
    nav: {
      group: 'Tools',
      order: 91,
      label: 'API key',
      description: 'Your key for the partner API and its notifications',
      icon: IconKey,
    },
  },
]);
