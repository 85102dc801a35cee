import { IconReceipt } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 001 names the parts invoices screen but not its URL: under /service/, beside the department's other tools.
export default defineScreens([
  {
    path: 'service/parts-invoices',
    className: 'parts-invoices',
    access: 'serviceAdvisor',
    load: () => import('./PartsInvoices'),
    nav: {
      group: 'Service',
      order: 60,
      label: 'Parts invoices',
      href: '/service/parts-invoices',
      description: 'What the parts counter billed, and what is still to collect',
      icon: IconReceipt,
    },
  },
]);
