import {
  IconBrandFacebook,
  IconCalculator,
  IconDiscount2,
  IconMessageDollar,
  IconReceipt2,
  IconReceiptDollar,
} from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 000 names desking-tool, price-builder, the incentives, purchases and the marketplace lead form but not their addresses: under /sales/.
export default defineScreens([
  {
    path: 'sales/desking',
    className: 'desking-tool',
    access: 'sales',
    load: () => import('./DeskingTool'),
    nav: {
      group: 'Sales',
      order: 70,
      label: 'Desking',
      description: 'Work a finance or lease deal in three options side by side',
      icon: IconCalculator,
    },
  },
  {
    path: 'sales/price-builder',
    className: 'price-builder',
    access: 'sales',
    load: () => import('./PriceBuilder'),
    nav: {
      group: 'Sales',
      order: 71,
      label: 'Price builder',
      description: 'Quote a vehicle with its incentives, discounts and taxes, and text it',
      icon: IconReceiptDollar,
    },
  },
  {
    path: 'sales/quotes',
    className: 'price-builder-quotes',
    access: 'sales',
    load: () => import('./Quotes'),
    nav: {
      group: 'Sales',
      order: 72,
      label: 'Quotes',
      description: 'The quotes made, and whether each customer has opened theirs',
      icon: IconMessageDollar,
    },
  },
  {
    path: 'sales/incentives',
    className: 'incentives',
    access: 'sales',
    load: () => import('./Incentives'),
    nav: {
      group: 'Sales',
      order: 73,
      label: 'Incentives',
      description: "Makers' and the group's money toward cash, finance and lease deals",
      icon: IconDiscount2,
    },
  },
  {
    path: 'sales/purchases',
    className: 'purchases',
    access: 'sales',
    load: () => import('./Purchases'),
    nav: {
      group: 'Sales',
      order: 74,
      label: 'Purchases',
      description: "What each store's sales squad sold, and to whom",
      icon: IconReceipt2,
    },
  },
  {
    path: 'sales/marketplace-lead',
    className: 'marketplace-lead',
    access: 'sales',
    load: () => import('./MarketplaceLead'),
    nav: {
      group: 'Sales',
      order: 75,
      label: 'Marketplace lead',
      description: 'Send on a buyer who wrote about a vehicle on the social marketplace',
      icon: IconBrandFacebook,
    },
  },
]);
