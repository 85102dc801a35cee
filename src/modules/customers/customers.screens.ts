import { lazy } from 'react';
import { IconAddressBook } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';
import { addToSlot } from '../../web/slots';

// A customer's name on the record screens of other modules links to their page.
addToSlot(
  'customerName',
  lazy(() => import('./CustomerName')),
);

export default defineScreens([
  {
    path: 'customers',
    className: 'customer-list',
    access: 'crmManager',
    load: () => import('./CustomerList'),
    nav: {
      group: 'Sales',
      order: 69,
      label: 'Customers',
      description: "One person's texts, calls, appraisals, quotes, purchases and service, by name, phone or email",
      icon: IconAddressBook,
    },
  },
  {
    path: 'customers/customer',
    className: 'customer-page',
    access: 'crmManager',
    load: () => import('./CustomerPage'),
    title: 'Customer',
  },
]);
