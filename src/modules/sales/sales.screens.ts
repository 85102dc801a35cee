import { IconCalculator, IconReceiptDollar } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 000 names desking-tool and price-builder but not their addresses: under /sales/.
export default defineScreens([
  {
    path: 'sales/desking', className: 'desking-tool', access: 'sales', load: () => import('./DeskingTool'),
    nav: { group: 'Sales', order: 65, label: 'Desking', href: '/sales/desking', description: 'Work a finance or lease deal in three options side by side', icon: IconCalculator },
  },
  {
    path: 'sales/price-builder', className: 'price-builder', access: 'sales', load: () => import('./PriceBuilder'),
    nav: { group: 'Sales', order: 66, label: 'Price builder', href: '/sales/price-builder', description: 'Quote a vehicle with its incentives, discounts and taxes, and text it', icon: IconReceiptDollar },
  },
]);
