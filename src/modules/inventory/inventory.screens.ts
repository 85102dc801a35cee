import { IconBuildingWarehouse, IconSearch } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 001 names store inventory and seed 000 vehicle-search; the addresses are ours.
export default defineScreens([
  {
    path: 'inventory',
    title: 'Store inventory',
    className: 'store-inventory',
    access: 'stockNumberManager',
    load: () => import('./StoreInventory'),
    nav: {
      group: 'Stock',
      order: 44.5,
      label: 'Store inventory',
      href: '/inventory/',
      description: 'The vehicles on every lot; import models from the library',
      icon: IconBuildingWarehouse,
    },
  },
  {
    path: 'inventory/search',
    title: 'Vehicle search',
    className: 'vehicle-search',
    access: 'stockNumberManager',
    load: () => import('./VehicleSearch'),
    nav: {
      group: 'Stock',
      order: 44.6,
      label: 'Vehicle search',
      description: 'Find a vehicle in stock by VIN, stock number or model',
      icon: IconSearch,
    },
  },
]);
