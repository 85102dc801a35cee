import { IconTool } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 001 gives the order page's route; seed 002 names the list ('Manage Repair Orders') but not its URL: beside it.
export default defineScreens([
  {
    path: 'tools/repair-orders', className: 'repair-order', access: 'serviceAdvisor', load: () => import('./RepairOrders'),
    nav: { group: 'Service', order: 55, label: 'Repair orders', href: '/tools/repair-orders/', description: 'Open and edit repair orders, item by item, with values and hours', icon: IconTool },
  },
  { path: 'tools/repair-orders/order', className: 'repair-order-view', title: 'Repair order', access: 'serviceAdvisor', load: () => import('./RepairOrderPage') },
]);
