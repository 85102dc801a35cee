import { IconLayoutBoard } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'tools/page-builder',
    className: 'landing-pages',
    access: 'marketing',
    load: () => import('./LandingPages'),
    nav: {
      group: 'Tools',
      order: 81,
      label: 'Landing pages',
      href: '/tools/page-builder/',
      description: 'Build, preview and publish landing pages of modules',
      icon: IconLayoutBoard,
    },
  },
  {
    path: 'tools/page-builder/builder',
    className: 'page-builder',
    access: 'marketing',
    title: 'Page builder',
    load: () => import('./PageBuilder'),
  },
]);
