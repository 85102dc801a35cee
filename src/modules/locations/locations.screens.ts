import { IconBuildingStore } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Everyone may look at a location; the screens offer changes to access admins (LocationFrame).
export default defineScreens([
  {
    path: 'locations',
    className: 'location-manager',
    access: 'signedIn',
    load: () => import('./LocationManager'),
    nav: {
      group: 'Locations',
      order: 20,
      label: 'Locations',
      href: '/locations/',
      description: 'Stores, addresses, service hours and shortcodes',
      icon: IconBuildingStore,
    },
  },
  {
    path: 'locations/edit',
    title: 'Edit location',
    className: 'location-edit',
    access: 'signedIn',
    load: () => import('./LocationEdit'),
  },
  {
    path: 'locations/service',
    title: 'Location service',
    className: 'location-service-edit',
    access: 'signedIn',
    load: () => import('./LocationServiceEdit'),
  },
]);
