import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { Slots } from '../../web/slots';
import { vehiclePageHref } from '../vehicles/vehicles.api';

/**
 * A VIN on another module's record screen, as a link to the vehicle's page. In a list whose rows open
 * their record, following the link opens the vehicle instead of the row.
 */
export default function VehicleVin({ vin }: Slots['vehicleVin']) {
  if (!vin) return null;
  return (
    <Anchor
      component={Link}
      to={vehiclePageHref(vin)}
      inherit
      ff="monospace"
      className="vehicle-link"
      onClick={(event) => event.stopPropagation()}
    >
      {vin}
    </Anchor>
  );
}
