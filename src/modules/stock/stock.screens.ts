import { IconBarcode, IconCirclePlus, IconListNumbers, IconReportAnalytics } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 002 names the four screens by class; their addresses are ours.
export default defineScreens([
  {
    path: 'stock-numbers',
    className: 'stock-number-manager',
    access: 'stockNumberManager',
    load: () => import('./StockNumberManager'),
    nav: {
      group: 'Stock',
      order: 40,
      label: 'Stock numbers',
      href: '/stock-numbers/',
      description: 'Every stock number by store, VIN and how it was acquired',
      icon: IconListNumbers,
    },
  },
  {
    path: 'stock-numbers/generate',
    title: 'Generate stock number',
    className: 'generate-stock-number',
    access: 'stockNumberManager',
    load: () => import('./GenerateStockNumber'),
    nav: {
      group: 'Stock',
      order: 41,
      label: 'Generate stock number',
      description: 'The next number for one VIN or a batch, trades after their parent',
      icon: IconCirclePlus,
    },
  },
  {
    path: 'stock-numbers/reader',
    title: 'Stock number reader',
    className: 'stock-number-reader',
    access: 'stockNumberManager',
    load: () => import('./StockNumberReader'),
    nav: {
      group: 'Stock',
      order: 42,
      label: 'Stock number reader',
      description: 'Stock numbers for a list of VINs or numbers, as scanned',
      icon: IconBarcode,
    },
  },
  {
    path: 'stock-numbers/report',
    title: 'Stock number report',
    className: 'stock-number-report',
    access: 'stockNumberUserAdmin',
    load: () => import('./StockNumberReport'),
    nav: {
      group: 'Stock',
      order: 43,
      label: 'Stock number report',
      description: 'Who generated which numbers, and which VIN checks were overridden',
      icon: IconReportAnalytics,
    },
  },
]);
