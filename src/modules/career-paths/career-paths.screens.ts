import { IconChecklist, IconRoute, IconTrophy } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'employees/career-paths',
    className: 'career-paths-home',
    access: 'signedIn',
    load: () => import('./CareerHome'),
    nav: {
      group: 'People',
      order: 30,
      label: 'Career paths',
      href: '/employees/career-paths/',
      description: 'Positions to grow into, what each asks, and your paths toward them',
      icon: IconRoute,
    },
  },
  {
    path: 'employees/career-paths/paths',
    className: 'career-paths',
    access: 'signedIn',
    title: 'My career paths',
    load: () => import('./CareerPaths'),
  },
  {
    path: 'employees/career-paths/approvals',
    className: 'career-approvals',
    access: 'careerPathEditor',
    load: () => import('./CareerApprovals'),
    nav: {
      group: 'People',
      order: 31,
      label: 'Career approvals',
      href: '/employees/career-paths/approvals',
      description: 'Approve the tasks your employees checked on their paths',
      icon: IconChecklist,
    },
  },
  {
    path: 'employees/career-paths/leaderboard',
    className: 'career-leaderboard',
    access: 'signedIn',
    load: () => import('./CareerLeaderboard'),
    nav: {
      group: 'People',
      order: 32,
      label: 'Career leaderboard',
      href: '/employees/career-paths/leaderboard',
      description: 'Who has the most tasks approved',
      icon: IconTrophy,
    },
  },
  {
    path: 'employees/career-paths/edit-position',
    className: 'edit-position',
    access: 'careerPathAdmin',
    title: 'Edit position',
    load: () => import('./EditPosition'),
  },
]);
