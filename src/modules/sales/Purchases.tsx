/**
 * Purchases (seed 000: the squad-purchase modal, vehicles/add-purchase, 'Purchase has been added!'):
 * what the stores' sales squads sold, and the modal that records a sale.
 */
import { useSearchParams } from 'react-router';
import { Slot } from '../../web/slots';
import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { DateField } from '../../web/ui/DateField';
import { ListScreen } from '../../web/ui/ListScreen';
import { useOpenRecord } from '../../web/ui/RecordPage';
import { IdModal, closeModal, openModal } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { RemoteSelect } from '../../web/ui/RemoteSelect';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate, formatMoney, formatPhone } from '../../shared/format';
import { userSource } from '../../web/options/userOptions';
import {
  addPurchase,
  dealTypeLabels,
  dealTypes,
  loadPurchases,
  PURCHASE_ADDED,
  purchaseColumns,
  purchaseHref,
  type DealType,
} from './purchases.contract';
import { optionsOf } from '../../web/options/optionsOf';

export const SQUAD_PURCHASE = 'squad-purchase';
const dealTypeOptions = optionsOf(dealTypes, dealTypeLabels);

function PurchaseForm({ locationId, done }: { locationId?: string; done: () => void }) {
  const locations = useLocationOptions();
  const locationName = (id: number) => locations.data?.locations.find((l) => l.id === id)?.name;
  const form = useContractForm(addPurchase, {
    initialValues: {
      locationId: locationId ?? '',
      stock: '',
      vin: '',
      year: '',
      make: '',
      model: '',
      firstName: '',
      lastName: '',
      mobilePhone: '',
      email: '',
      salespersonId: '',
      secondSalespersonId: '',
      price: '',
      soldDate: formatDate(new Date()),
      dealType: '' as DealType | '',
    },
    success: PURCHASE_ADDED,
    successMs: 4000,
    reload: [loadPurchases],
    onSuccess: done,
  });
  // The store's own staff: a purchase credits the squad of the store that sold it.
  const staff = { ...userSource(locationName), params: { locationId: form.values.locationId || undefined } };
  const person = (name: 'salespersonId' | 'secondSalespersonId') => (
    <RemoteSelect
      source={staff}
      clearable
      placeholder="Type to search..."
      {...form.field(name)}
      value={form.values[name] || null}
      onChange={(v) => form.form.setFieldValue(name, v ?? '')}
    />
  );

  return (
    <RecordForm form={form} failTitle="The purchase was not added" submitLabel="Add purchase" onCancel={done}>
      <LocationSelect form={form.form} {...form.field('locationId')} />
      <Text size="sm" fw={600}>
        Vehicle
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          autoComplete="off"
          description="Fills the vehicle from the store's inventory"
          {...form.field('stock')}
        />
        <TextInput autoComplete="off" maxLength={17} {...form.field('vin')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput inputMode="numeric" autoComplete="off" placeholder="From inventory" {...form.field('year')} />
        <TextInput autoComplete="off" placeholder="From inventory" {...form.field('make')} />
        <TextInput autoComplete="off" placeholder="From inventory" {...form.field('model')} />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Customer
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput autoComplete="off" {...form.field('firstName')} />
        <TextInput autoComplete="off" {...form.field('lastName')} />
        <TextInput type="tel" autoComplete="off" placeholder="(505) 555-0142" {...form.field('mobilePhone')} />
        <TextInput type="email" autoComplete="off" {...form.field('email')} />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Deal
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {person('salespersonId')}
        {person('secondSalespersonId')}
        <TextInput inputMode="decimal" autoComplete="off" leftSection="$" placeholder="0.00" {...form.field('price')} />
        <SearchableSelect data={dealTypeOptions} allowDeselect={false} {...form.field('dealType')} />
        <DateField {...form.field('soldDate')} />
      </SimpleGrid>
    </RecordForm>
  );
}

/** purchases: what the stores' sales squads sold, newest first; Add purchase opens squad-purchase. */
export default function Purchases() {
  const [params] = useSearchParams();
  const done = () => closeModal(SQUAD_PURCHASE);
  const open = useOpenRecord();

  return (
    <ListScreen
      className="purchases"
      title="Purchases"
      action={loadPurchases}
      noun={['purchase', 'purchases']}
      columns={purchaseColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Stock number, VIN or customer' },
        { name: 'locationId', kind: 'location' },
        { name: 'minSoldDate', kind: 'date' },
        { name: 'maxSoldDate', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.purchaseId}
      rowLabel={(row) => `${row.customerName}, ${row.vehicle}`}
      onRowClick={(row) => open(purchaseHref(row.purchaseId))}
      emptyText="No purchases match these filters; clear a filter or add a purchase."
      cells={{
        price: (row) => formatMoney(row.priceCents),
        customerName: (row) => (
          <>
            <Text size="sm">
              <Slot
                name="customerName"
                props={{ kind: 'purchase', recordId: row.purchaseId, name: row.customerName }}
                fallback={row.customerName}
              />
            </Text>
            <Text size="xs" c="dimmed">
              {formatPhone(row.mobilePhone)}
            </Text>
          </>
        ),
      }}
      toolbar={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openModal(SQUAD_PURCHASE)}>
          Add purchase
        </Button>
      }
    >
      <IdModal id={SQUAD_PURCHASE} title="Add purchase" size="lg">
        <PurchaseForm locationId={params.get('locationId') ?? undefined} done={done} />
      </IdModal>
    </ListScreen>
  );
}
