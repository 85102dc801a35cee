import { IconFileText } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 001 gives the addresses, not the classes: content-engine and content-compile (docs/content.md).
export default defineScreens([
  {
    path: 'marketing/content-engine',
    className: 'content-engine',
    access: 'marketing',
    load: () => import('./ContentEngine'),
    nav: {
      group: 'Marketing',
      order: 59,
      label: 'Content engine',
      href: '/marketing/content-engine/',
      description: 'The words of the pages each store’s website should carry',
      icon: IconFileText,
    },
  },
  {
    path: 'marketing/content-engine/compile',
    className: 'content-compile',
    access: 'marketing',
    title: 'Compile content',
    load: () => import('./ContentCompile'),
  },
]);
