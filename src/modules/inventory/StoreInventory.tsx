import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { vehiclePageHref } from '../vehicles/vehicles.api';
import { conditionLabels, conditions, inventoryColumns, loadInventory } from './inventory.contract';
import { LibraryImportForm } from './LibraryImport';

const IMPORT_MODAL = 'vehicle-library-import';

export const conditionOptions = conditions.map((value) => ({ value, label: conditionLabels[value] }));
export const statusOptions = [
  { value: 'in stock', label: 'In stock' },
  { value: 'sold', label: 'Sold' },
];
/** The price as people read it: "$31,900". */
export const priceCell = (row: { price: number | null }) =>
  row.price === null ? '' : `$${row.price.toLocaleString('en-US')}`;

/**
 * A row opens its vehicle's page (every record carrying its VIN). A model imported from the library
 * has no VIN yet, so it has no page and its row opens nothing.
 */
export function useOpenVehicle() {
  const navigate = useNavigate();
  return (row: { vin: string | null }) => {
    if (row.vin) navigate(vehiclePageHref(row.vin));
  };
}
export const hasVehiclePage = (row: { vin: string | null }) => !!row.vin;

/** store inventory (seed 001): the vehicles on the group's lots, counted as cars and the locations they are at. */
export default function StoreInventory() {
  const [params] = useSearchParams();
  const openVehicle = useOpenVehicle();
  return (
    <ListScreen
      className="store-inventory"
      title="Store inventory"
      action={loadInventory}
      noun={['car', 'cars']}
      countDetail={(reply) =>
        typeof reply.locationCountFormatted === 'string'
          ? `at ${reply.locationCountFormatted} ${reply.locationCountFormatted === '1' ? 'location' : 'locations'}`
          : ''
      }
      columns={inventoryColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'VIN or stock number' },
        { name: 'locationId', kind: 'location' },
        { name: 'condition', kind: 'select', placeholder: 'Any', data: conditionOptions },
        { name: 'status', kind: 'select', placeholder: 'Any', data: statusOptions, defaultValue: 'in stock' },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.vehicle}${row.stock ? ` ${row.stock}` : ''}`}
      onRowClick={openVehicle}
      rowOpens={hasVehiclePage}
      cells={{
        price: priceCell,
        conditionLabel: (row) => (
          <Badge
            variant="light"
            color={row.condition === 'new' ? 'teal' : row.condition === 'certified' ? 'indigo' : 'gray'}
          >
            {row.conditionLabel}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconBooks size={16} />} onClick={() => openModal(IMPORT_MODAL)}>
          Import from library
        </Button>
      }
    >
      <IdModal id={IMPORT_MODAL} title="Import from the vehicle library" size="lg">
        <LibraryImportForm locationId={params.get('locationId') ?? undefined} done={() => closeModal(IMPORT_MODAL)} />
      </IdModal>
    </ListScreen>
  );
}
