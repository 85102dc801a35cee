import { IconTemplate } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

/** Seed 001's email builder: the template list, the builder and the compiler, at the addresses it gives. */
export default defineScreens([
  {
    path: 'marketing/email-builder',
    className: 'email-template-list',
    access: 'emailBuilder',
    load: () => import('./EmailTemplates'),
    nav: {
      group: 'Marketing',
      order: 60,
      label: 'Email templates',
      href: '/marketing/email-builder/',
      description: "Each store's emails, built from pieces and the month's plan",
      icon: IconTemplate,
    },
  },
  {
    path: 'marketing/email-builder/builder',
    className: 'email-template-builder',
    access: 'emailBuilder',
    title: 'Email builder',
    load: () => import('./EmailBuilder'),
  },
  {
    path: 'marketing/email-builder/compiler',
    className: 'email-compiler',
    access: 'emailBuilder',
    title: 'Email compiler',
    load: () => import('./EmailCompiler'),
  },
]);
