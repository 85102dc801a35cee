import { IconTruck, IconTruckDelivery } from '@tabler/icons-react';
import { defineScreens } from '../../web/screens';

// Seed 002 names new-vehicle-shipment; the list of orders and both addresses are ours.
export default defineScreens([
  {
    path: 'shipping',
    title: 'Shipments',
    className: 'shipment-orders',
    access: 'stockNumberManager',
    load: () => import('./ShipmentOrders'),
    nav: {
      group: 'Stock',
      order: 44.2,
      label: 'Shipments',
      href: '/shipping/',
      description: 'Vehicles ordered moved between stores and to customers',
      icon: IconTruck,
    },
  },
  {
    path: 'shipping/shipment',
    title: 'Shipment',
    className: 'shipment-page',
    access: 'stockNumberManager',
    load: () => import('./ShipmentPage'),
  },
  {
    path: 'shipping/new',
    title: 'Ship a vehicle',
    className: 'new-vehicle-shipment',
    access: 'stockNumberManager',
    load: () => import('./NewVehicleShipment'),
    nav: {
      group: 'Stock',
      order: 44.3,
      label: 'Ship a vehicle',
      description: 'Order a vehicle moved by the carrier',
      icon: IconTruckDelivery,
    },
  },
]);
