import { useSearchParams } from 'react-router';
import { Badge, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { formatDate } from '../../shared/format';
import { DEFAULT_CREATED_DAYS, loadVehicles, vehicleColumns } from './acquisition.contract';
import { useVehicleModals, VehicleFromVin } from './VehicleForm';

/** Seed 000, section 9: the list starts at the vehicles added in the last seven days. */
function defaultMinCreatedAt(today = new Date()): string {
  const from = new Date(today);
  from.setDate(from.getDate() - DEFAULT_CREATED_DAYS);
  return formatDate(from);
}

/** acquisition-vehicles: what the stores' acquisition teams are bringing in, with the add-or-edit modal. */
export default function AcquisitionVehicles() {
  const [params] = useSearchParams();
  const records = useVehicleModals(params.get('locationId') ?? undefined);

  return (
    <ListScreen
      className="acquisition-vehicles"
      title="Acquisition vehicles"
      action={loadVehicles}
      noun={['acquisition vehicle', 'acquisition vehicles']}
      columns={vehicleColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'VIN or service tag' },
        { name: 'locationId', kind: 'location' },
        { name: 'minCreatedAt', kind: 'date', defaultValue: defaultMinCreatedAt() },
        { name: 'maxCreatedAt', kind: 'date' },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.vehicleId}
      rowLabel={(row) => row.vin}
      onRowClick={(row) => records.edit(row)}
      emptyText={`No acquisition vehicles were added in the last ${DEFAULT_CREATED_DAYS} days; pick an earlier date to see older ones.`}
      cells={{
        vin: (row) => (
          <>
            <Text component="span" display="block" ff="monospace" size="sm">
              {row.vin}
            </Text>
            <VehicleFromVin vin={row.vin} />
          </>
        ),
        active: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.active ? 'Active' : 'Inactive'}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
          Add vehicle
        </Button>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
