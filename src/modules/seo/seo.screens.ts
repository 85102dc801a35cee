import { IconChartBar, IconHammer, IconWorldWww } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 002 names the screens by class, not their addresses: they sit under /marketing/seo/ (docs/seo.md).
export default defineScreens([
  {
    path: 'marketing/seo/pages',
    className: 'seo-pages',
    access: 'marketing',
    load: () => import('./SeoPages'),
    nav: {
      group: 'Marketing',
      order: 60,
      label: 'SEO pages',
      href: '/marketing/seo/pages/',
      description: "The pages on the stores' websites: add, edit, link and delete them",
      icon: IconWorldWww,
    },
  },
  {
    path: 'marketing/seo/planner',
    className: 'seo-page-planner',
    access: 'marketing',
    load: () => import('./SeoPagePlanner'),
    nav: {
      group: 'Marketing',
      order: 61,
      label: 'SEO planner',
      href: '/marketing/seo/planner/',
      description: 'SEO pages made over time, by family, dealership or team member',
      icon: IconChartBar,
    },
  },
  {
    path: 'marketing/seo/builder',
    className: 'seo-page-builder',
    access: 'marketing',
    load: () => import('./SeoPageBuilder'),
    nav: {
      group: 'Marketing',
      order: 62,
      label: 'SEO page builder',
      href: '/marketing/seo/builder/',
      description: "A store's to-do list of pages to build, and your own performance",
      icon: IconHammer,
    },
  },
]);
