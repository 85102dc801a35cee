import { IconListSearch, IconTool } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 001 gives the order page's route; seed 002 names the list ('Manage Repair Orders') but not its URL: beside it.
export default defineScreens([
  {
    path: 'tools/repair-orders',
    className: 'repair-order',
    access: 'serviceAdvisor',
    load: () => import('./RepairOrders'),
    nav: {
      group: 'Service',
      order: 55,
      label: 'Repair orders',
      href: '/tools/repair-orders/',
      description: 'Open and edit repair orders, item by item, with values and hours',
      icon: IconTool,
    },
  },
  {
    path: 'tools/repair-orders/order',
    className: 'repair-order-view',
    title: 'Repair order',
    access: 'serviceAdvisor',
    load: () => import('./RepairOrderPage'),
  },
  {
    path: 'tools/repair-orders/parts',
    className: 'parts-select',
    access: 'serviceAdvisor',
    load: () => import('./PartsSelect'),
    nav: {
      group: 'Service',
      order: 57,
      label: 'Parts catalogue',
      href: '/tools/repair-orders/parts',
      description: 'Find parts by number or description, and add them to a repair order',
      icon: IconListSearch,
    },
  },
]);
