import { IconReportAnalytics } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// The spec names the "mailing-list report" but not its address or class; beside the mailing list in the menu.
export default defineScreens([
  {
    path: 'marketing/mailing-list',
    className: 'mailing-list-report',
    access: 'marketing',
    load: () => import('./MailingListReport'),
    nav: {
      group: 'Phones',
      order: 39.5,
      label: 'Mailing-list report',
      description: "Each store's mailing list counted: who a text or an email reaches, who bought, who is new",
      icon: IconReportAnalytics,
    },
  },
]);
