import { IconCarSuv } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 000 names the screen "acquisition vehicles" but not its URL: /acquisition/, as its calls are named.
export default defineScreens([
  {
    path: 'acquisition',
    className: 'acquisition-vehicles',
    access: 'stockNumberManager',
    load: () => import('./AcquisitionVehicles'),
    nav: {
      group: 'Stock',
      order: 44,
      label: 'Acquisition vehicles',
      href: '/acquisition/',
      description: 'Vehicles being bought in, by VIN and service tag, before their stock number',
      icon: IconCarSuv,
    },
  },
]);
