import { useSearchParams } from 'react-router';
import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { optionsOf } from '../../web/options/optionsOf';
import { useCan } from '../../web/shell/session';
import { laneVehicleColumns, laneVehicleStatusLabels, laneVehicleStatuses, loadVehicles } from './clicklane.contract';
import { useVehicleModals } from './LaneForms';
import { VinSlot } from '../../web/slots';

/** access vehicles (seed 001): the cars offered on the lane, with the add-vehicle and edit-vehicle modals. */
export default function AccessVehicles() {
  const [params] = useSearchParams();
  const records = useVehicleModals({ locationId: params.get('locationId') ?? undefined });
  const mayEdit = useCan('stockNumberAdmin');
  return (
    <ListScreen
      className="access-vehicles"
      title="Lane vehicles"
      action={loadVehicles}
      noun={['vehicle', 'vehicles']}
      columns={laneVehicleColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'VIN, stock number or vehicle' },
        { name: 'locationId', kind: 'location' },
        {
          name: 'status',
          kind: 'select',
          placeholder: 'Any',
          data: optionsOf(laneVehicleStatuses, laneVehicleStatusLabels),
        },
      ]}
      updateUrl
      rowKey={(row) => row.vehicleId}
      rowLabel={(row) => row.stockNumber}
      onRowClick={mayEdit ? (row) => records.edit(row) : undefined}
      cells={{
        vin: (row) => (
          <Text component="span" ff="monospace" size="sm">
            <VinSlot vin={row.vin} />
          </Text>
        ),
        description: (row) =>
          row.photosUrl ? (
            <Anchor href={row.photosUrl} target="_blank" rel="noreferrer" size="sm">
              {row.description || 'Photos'}
            </Anchor>
          ) : (
            row.description
          ),
      }}
      toolbar={
        mayEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
            Add vehicle
          </Button>
        )
      }
    >
      {mayEdit && records.modals}
    </ListScreen>
  );
}
