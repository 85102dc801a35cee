import { IconBrandFacebook, IconDiscount2, IconReceipt2 } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 000 names the incentives, purchases and the marketplace lead form but not their addresses: under /sales/.
export default defineScreens([
  {
    path: 'sales/incentives', className: 'incentives', access: 'sales', load: () => import('./Incentives'),
    nav: { group: 'Sales', order: 72, label: 'Incentives', description: 'Makers\' and the group\'s money toward cash, finance and lease deals', icon: IconDiscount2 },
  },
  {
    path: 'sales/purchases', className: 'purchases', access: 'sales', load: () => import('./Purchases'),
    nav: { group: 'Sales', order: 73, label: 'Purchases', description: 'What each store\'s sales squad sold, and to whom', icon: IconReceipt2 },
  },
  {
    path: 'sales/marketplace-lead', className: 'marketplace-lead', access: 'sales', load: () => import('./MarketplaceLead'),
    nav: { group: 'Sales', order: 74, label: 'Marketplace lead', description: 'Send on a buyer who wrote about a vehicle on the social marketplace', icon: IconBrandFacebook },
  },
]);
