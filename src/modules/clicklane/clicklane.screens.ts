import {
  IconCar,
  IconMapPin,
  IconShieldCheck,
  IconTruckDelivery,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

/**
 * The lane's screens (seed 000 and seed 001): the two lead lists at the addresses seed 001 gives; the
 * others, whose addresses are not shown, under /clicklane/ beside them (docs/clicklane.md).
 */
export default defineScreens([
  {
    path: 'clicklane/leads',
    className: 'clicklane-leads',
    access: 'marketing',
    load: () => import('./ClickLaneLeads'),
    nav: {
      group: 'ClickLane',
      order: 48,
      label: 'ClickLane leads',
      href: '/clicklane/leads/',
      description: 'Customers who picked a car on the partner site, from new to sold',
      icon: IconUsersGroup,
    },
  },
  {
    path: 'clicklane/leads/location',
    className: 'clicklane-location-leads',
    access: 'marketing',
    load: () => import('./ClickLaneLocationLeads'),
    nav: {
      group: 'ClickLane',
      order: 48.1,
      label: 'ClickLane leads by store',
      href: '/clicklane/leads/location',
      description: "One store's lane leads by latest activity",
      icon: IconMapPin,
    },
  },
  {
    path: 'clicklane/deliveries',
    className: 'access-deliveries',
    access: 'stockNumberManager',
    load: () => import('./AccessDeliveries'),
    nav: {
      group: 'ClickLane',
      order: 48.2,
      label: 'Deliveries',
      href: '/clicklane/deliveries/',
      description: 'Lane cars on their way to customers, and the updates customers read',
      icon: IconTruckDelivery,
    },
  },
  {
    path: 'clicklane/deliveries/delivery',
    className: 'edit-delivery',
    access: 'stockNumberManager',
    load: () => import('./EditDelivery'),
    title: 'Delivery',
  },
  {
    path: 'clicklane/vehicles',
    className: 'access-vehicles',
    access: 'stockNumberManager',
    load: () => import('./AccessVehicles'),
    nav: {
      group: 'ClickLane',
      order: 48.3,
      label: 'Lane vehicles',
      href: '/clicklane/vehicles/',
      description: 'Cars offered on the click-to-buy lane, by VIN, stock number and price',
      icon: IconCar,
    },
  },
  {
    path: 'clicklane/quotes',
    className: 'insurance-quotes-manager',
    access: 'marketing',
    load: () => import('./InsuranceQuotes'),
    nav: {
      group: 'ClickLane',
      order: 48.4,
      label: 'Insurance quotes',
      href: '/clicklane/quotes/',
      description: "Carriers' quotes for lane customers",
      icon: IconShieldCheck,
    },
  },
  {
    path: 'clicklane/quotes/start',
    className: 'add-insurance-quote-start',
    access: 'marketingOfferEditor',
    load: () => import('./StartQuote'),
    title: 'Start insurance quote',
  },
  {
    path: 'clicklane/users',
    className: 'access-users',
    access: 'userAdmin',
    load: () => import('./AccessUsers'),
    nav: {
      group: 'People',
      order: 15,
      label: 'Lane users',
      href: '/clicklane/users/',
      description: "Customers' accounts on the delivery product, and their password links",
      icon: IconUserCircle,
    },
  },
  {
    path: 'clicklane/users/user',
    className: 'access-user-edit',
    access: 'userAdmin',
    load: () => import('./LaneUserEdit'),
    title: 'Lane user',
  },
]);
