import { useSearchParams } from 'react-router';
import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSearch } from '@tabler/icons-react';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { Form } from '../../web/ui/Form';
import { PagedList } from '../../web/ui/PagedList';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import type { RowOf } from '../../shared/contract';
import { inventoryColumns, loadInventory } from './inventory.contract';
import { hasVehiclePage, priceCell, useOpenVehicle } from './StoreInventory';

type Row = RowOf<typeof loadInventory>;
const FIELDS = ['vin', 'stock', 'year', 'make', 'model', 'locationId'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  vin: 'VIN',
  stock: 'Stock number',
  year: 'Year',
  make: 'Make',
  model: 'Model',
  locationId: 'Location',
};

/**
 * vehicle-search (seed 000): inventory by VIN (whole, or its last characters), stock number, year, make
 * and model; the form submits on Enter (one of the two searches that do). The search stays in the
 * address; a vehicle found opens its vehicle page.
 */
export default function VehicleSearch() {
  const [params, setParams] = useSearchParams();
  const openVehicle = useOpenVehicle();
  const locations = useLocationOptions();
  const applied = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? '']));
  const form = useForm({ mode: 'controlled', initialValues: applied });
  const field = (name: (typeof FIELDS)[number]) => ({ ...form.getInputProps(name), name, label: LABELS[name] });
  const searched = FIELDS.some((f) => applied[f]);
  return (
    <div className="vehicle-search">
      <Title order={1} mb="md">
        Vehicle search
      </Title>
      <Form
        onSubmit={() =>
          setParams(Object.fromEntries(Object.entries(form.getValues()).filter(([, v]) => String(v).trim())))
        }
        submitOnEnter
      >
        <Stack maw={900}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              {...field('vin')}
              autoComplete="off"
              placeholder="Whole VIN or its last 6 to 8"
              description="As read off the windshield or the title"
            />
            <TextInput {...field('stock')} autoComplete="off" />
            <SearchableSelect
              {...field('locationId')}
              data={locationSelectData(locations.data)}
              clearable
              placeholder="Any location"
            />
          </SimpleGrid>
          <VehiclePicker form={{ form, field }} withoutTrim />
          <Group>
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              Search
            </Button>
            {searched && (
              <Button
                variant="subtle"
                onClick={() => {
                  form.setValues(Object.fromEntries(FIELDS.map((f) => [f, ''])));
                  setParams({});
                }}
              >
                Clear
              </Button>
            )}
          </Group>
        </Stack>
      </Form>
      {searched && (
        <Stack mt="lg">
          <PagedList<Row>
            action={loadInventory}
            params={{ ...applied, status: 'in stock' }}
            columns={inventoryColumns}
            noun={['vehicle in stock', 'vehicles in stock']}
            filtered
            rowKey={(row) => row.id}
            rowLabel={(row) => row.vehicle}
            onRowClick={openVehicle}
            rowOpens={hasVehiclePage}
            cells={{ price: priceCell }}
          />
        </Stack>
      )}
    </div>
  );
}
