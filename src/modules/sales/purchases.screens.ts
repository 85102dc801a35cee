import { defineScreens } from '../../web/screens';

// A purchase's own page beside the list (sales.screens.ts): designed, docs/sales.md.
export default defineScreens([
  {
    path: 'sales/purchases/purchase',
    className: 'purchase-page',
    title: 'Purchase',
    access: 'sales',
    load: () => import('./PurchasePage'),
  },
]);
