import { lazy } from 'react';
import { defineScreens } from '../../web/screens';
import { addToSlot } from '../../web/slots';
import { VEHICLE_PAGE_PATH } from '../vehicles/vehicles.api';

// A VIN on the record screens of other modules links to the vehicle's page.
addToSlot(
  'vehicleVin',
  lazy(() => import('./VehicleVin')),
);

export default defineScreens([
  {
    path: VEHICLE_PAGE_PATH,
    className: 'vehicle-page',
    // Anyone signed in: the page shows each kind of record only to holders of its list's flag.
    access: 'signedIn',
    load: () => import('./VehiclePage'),
    title: 'Vehicle',
  },
]);
