import { useState } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCar, IconSearch } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import {
  IMPORTED,
  importLibrary,
  LIBRARY_FAILED,
  LIBRARY_LOADING,
  listVehicleLibrary,
  loadInventory,
  MAX_IMPORT,
} from './inventory.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

/**
 * The vehicle-library import (seed 000): the library loads with 'Gathering vehicles...', a failure
 * says 'There was a problem loading the library: ' and the first error; a search narrows the rows,
 * and when none remain a Clear link empties it. The vehicles chosen go to one store's inventory.
 */
export function LibraryImportForm({ locationId, done }: { locationId?: string; done: () => void }) {
  const library = useActionQuery(listVehicleLibrary);
  const [search, setSearch] = useState('');
  const form = useContractForm(importLibrary, {
    initialValues: { locationId: locationId ?? '', libraryIds: [] as string[], price: '' as number | string },
    success: (reply) => IMPORTED(reply.added),
    successMs: 4000,
    reload: [loadInventory],
    onSuccess: done,
  });
  const needle = search.trim().toLowerCase();
  const shown = (library.data?.vehicles ?? []).filter((v) =>
    `${v.year} ${v.make} ${v.model} ${v.description}`.toLowerCase().includes(needle),
  );
  const chosen = new Set(form.values.libraryIds);
  const toggle = (id: number) =>
    form.form.setFieldValue(
      'libraryIds',
      chosen.has(String(id))
        ? form.values.libraryIds.filter((c) => c !== String(id))
        : [...form.values.libraryIds, String(id)],
    );

  return (
    <RecordForm
      form={form}
      failTitle="No vehicle was imported"
      submitLabel={chosen.size > 1 ? `Import ${chosen.size} vehicles` : 'Import vehicle'}
      onCancel={done}
      buttons="end"
    >
      <Group grow align="flex-start">
        <LocationSelect form={form.form} {...form.field('locationId')} />
        <NumberInput
          min={0}
          step={500}
          thousandSeparator=","
          prefix="$"
          description="For each vehicle; empty to price later"
          {...form.field('price')}
        />
      </Group>
      {library.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{LIBRARY_LOADING}</Text>
        </Group>
      )}
      {library.isError && (
        <Alert color="red" title="The library did not load">{`${LIBRARY_FAILED}${errorMessage(library.error)}`}</Alert>
      )}
      {library.data && (
        <Stack gap="xs" className="vehicle-library-import">
          <TextInput
            label="Search the library"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder="Year, make or model"
          />
          <Text size="sm" c={form.form.errors.libraryIds ? 'red' : 'dimmed'} id="library-choice">
            {form.form.errors.libraryIds
              ? String(form.form.errors.libraryIds)
              : `${chosen.size} of at most ${MAX_IMPORT} chosen`}
          </Text>
          {shown.length === 0 ? (
            <Text size="sm" role="status">
              No library vehicle matches “{search}”.{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => setSearch('')}>
                Clear
              </Anchor>
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360} type="auto">
              <Table verticalSpacing={4} aria-label="Library vehicles" aria-describedby="library-choice">
                <Table.Tbody>
                  {shown.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td w={36}>
                        <Checkbox
                          aria-label={`${v.year} ${v.make} ${v.model}`}
                          checked={chosen.has(String(v.id))}
                          onChange={() => toggle(v.id)}
                        />
                      </Table.Td>
                      <Table.Td w={72}>
                        <Avatar src={v.image} alt="" radius="sm" size="lg" color="gray">
                          <IconCar size={22} />
                        </Avatar>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {v.year} {v.make} {v.model}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {v.description}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </RecordForm>
  );
}
