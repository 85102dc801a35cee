import { IconAddressBook } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

export default defineScreens([
  {
    path: 'experience/contacts/mailing-list',
    className: 'mailing-list',
    access: 'marketing',
    load: () => import('./MailingList'),
    nav: {
      group: 'Phones',
      order: 39,
      label: 'Mailing list',
      href: '/experience/contacts/mailing-list',
      description: "The stores' contacts to market to, by text or email, with the download",
      icon: IconAddressBook,
    },
  },
]);
