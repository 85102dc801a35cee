import { useSearchParams } from 'react-router';
import { Autocomplete, Badge, Button, NumberInput, SimpleGrid, TagsInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm, useRowActions } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import type { RowOf } from '../../shared/contract';
import {
  addCatalog,
  CATALOG_ADDED,
  CATALOG_DELETED,
  catalogColumns,
  deleteCatalogEntry,
  listMakes,
  listModels,
  listYears,
  loadCatalog,
  newestModelYear,
} from './vehicles.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Row = RowOf<typeof loadCatalog>;

const ADD_MODAL = 'add-catalog';
const CATALOG_LISTS = [loadCatalog, listYears, listMakes, listModels];

function useCatalogOptions(year: string, make: string) {
  const years = useActionQuery(listYears);
  const makes = useActionQuery(listMakes, { year });
  const models = useActionQuery(listModels, { year, make }, { enabled: !!make });
  return {
    years: years.data?.years.map(String) ?? [],
    makes: makes.data?.makes ?? [],
    models: models.data?.models ?? [],
  };
}

/** The add-catalog modal: a model for a span of model years, with its trims. */
function AddModelForm({ done }: { done: () => void }) {
  const newest = newestModelYear();
  const form = useContractForm(addCatalog, {
    initialValues: {
      make: '',
      model: '',
      firstYear: (newest - 1) as number | string,
      lastYear: newest as number | string,
      trims: [] as string[],
    },
    success: (reply) => CATALOG_ADDED(reply.added),
    successMs: 4000,
    reload: CATALOG_LISTS,
    onSuccess: done,
  });
  const { makes, models } = useCatalogOptions('', form.values.make);
  return (
    <RecordForm
      form={form}
      failTitle="The catalogue was not extended"
      submitLabel="Add to catalogue"
      onCancel={done}
      buttons="end"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Autocomplete
          data-autofocus
          openOnFocus={false}
          data={makes}
          description="A make the catalogue holds, or a new one"
          {...form.field('make')}
        />
        <Autocomplete
          openOnFocus={false}
          data={models}
          description="A new model, or one to give more years or trims"
          {...form.field('model')}
        />
        <NumberInput min={1950} max={newest} allowDecimal={false} {...form.field('firstYear')} />
        <NumberInput min={1950} max={newest} allowDecimal={false} {...form.field('lastYear')} />
      </SimpleGrid>
      <TagsInput
        description="Press Enter after each trim; every one is added for every year"
        placeholder="e.g. LE, XLE"
        {...form.field('trims')}
      />
    </RecordForm>
  );
}

/**
 * vehicle-catalog: the years, makes, models and trims every vehicle select offers; the product
 * ships them, an admin adds what is missing and deletes what they added (docs/vehicles.md).
 */
export default function VehicleCatalog() {
  const [params] = useSearchParams();
  const year = params.get('year') ?? '';
  const make = params.get('make') ?? '';
  const options = useCatalogOptions(year, make);
  const rowActions = useRowActions(deleteCatalogEntry, {
    question: (row: Row) => `Delete the ${row.year} ${row.make} ${row.model} ${row.trim} from the catalogue?`,
    input: (row) => ({ id: row.id }),
    success: CATALOG_DELETED,
    successMs: 4000,
    reload: CATALOG_LISTS,
    undoable: true,
  });

  return (
    <ListScreen
      className="vehicle-catalog"
      title="Vehicle catalogue"
      action={loadCatalog}
      noun={['catalogue entry', 'catalogue entries']}
      columns={catalogColumns}
      filters={[
        { name: 'year', kind: 'select', placeholder: 'Any', data: options.years },
        { name: 'make', kind: 'select', placeholder: 'Any', data: options.makes },
        { name: 'model', kind: 'select', placeholder: make ? 'Any' : 'Choose a make', data: options.models },
        {
          name: 'source',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: 'shipped', label: 'Shipped' },
            { value: 'added', label: 'Added here' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => `${row.year} ${row.make} ${row.model} ${row.trim}`}
      rowActions={(row) => (row.shipped ? [] : rowActions(row))}
      cells={{
        source: (row) => (
          <Badge color={row.shipped ? 'gray' : 'teal'} variant="light">
            {row.source}
          </Badge>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openModal(ADD_MODAL)}>
          Add a model
        </Button>
      }
    >
      <IdModal id={ADD_MODAL} title="Add a model to the catalogue" size="lg">
        <AddModelForm done={() => closeModal(ADD_MODAL)} />
      </IdModal>
    </ListScreen>
  );
}
