import { IconCar } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Not in the spec: the screen where an admin extends the catalogue (docs/vehicles.md).
export default defineScreens([
  {
    path: 'vehicles/catalog',
    title: 'Vehicle catalogue',
    className: 'vehicle-catalog',
    access: 'stockNumberAdmin',
    load: () => import('./VehicleCatalog'),
    nav: {
      group: 'Stock',
      order: 44.9,
      label: 'Vehicle catalogue',
      href: '/vehicles/catalog',
      description: 'The years, makes, models and trims every vehicle select offers',
      icon: IconCar,
    },
  },
]);
