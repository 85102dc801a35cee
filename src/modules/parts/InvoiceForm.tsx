/**
 * The add and edit parts invoice modals (seed 001): one form for both. The amount is typed in
 * dollars and shown back as the server keeps it, to the cent.
 */
import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { DateField } from '../../web/ui/DateField';
import { RecordForm, useRecordModals } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDate } from '../../shared/format';
import {
  addInvoice,
  INVOICE_ADDED,
  INVOICE_UPDATED,
  invoiceTypeLabels,
  invoiceTypes,
  loadInvoice,
  loadInvoices,
  NOTES_MAX,
  updateInvoice,
  type InvoiceRecord,
  type InvoiceType,
} from './parts.contract';
import { optionsOf } from '../../web/options/optionsOf';

export const invoiceTypeOptions = optionsOf(invoiceTypes, invoiceTypeLabels);

function InvoiceForm({ record, locationId, done }: { record?: InvoiceRecord; locationId?: string; done: () => void }) {
  const form = useContractForm(record ? updateInvoice : addInvoice, {
    initialValues: {
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      invoiceNumber: record?.invoiceNumber ?? '',
      invoiceType: (record?.invoiceType ?? '') as InvoiceType | '',
      invoiceDate: record?.invoiceDate ?? formatDate(new Date()),
      name: record?.name ?? '',
      account: record?.account ?? '',
      amount: record?.amount ?? '',
      collected: record?.collected ?? false,
      notes: record?.notes ?? '',
    },
    toInput: (values) => (record ? { ...values, invoiceId: record.invoiceId } : values),
    success: record ? INVOICE_UPDATED : INVOICE_ADDED,
    successMs: 4000,
    reload: [loadInvoices],
    onSuccess: done,
  });

  return (
    <RecordForm
      form={form}
      failTitle="The parts invoice was not saved"
      submitLabel={record ? 'Save invoice' : 'Add invoice'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          autoComplete="off"
          placeholder="As printed, such as P-104211"
          {...form.field('invoiceNumber')}
        />
        <SearchableSelect data={invoiceTypeOptions} allowDeselect={false} {...form.field('invoiceType')} />
        <DateField {...form.field('invoiceDate')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
        <TextInput autoComplete="off" {...form.field('name')} />
        <TextInput
          autoComplete="off"
          description="A repair order, a wholesale or warranty account"
          {...form.field('account')}
        />
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          leftSection="$"
          placeholder="0.00"
          {...form.field('amount')}
        />
      </SimpleGrid>
      <Checkbox description="The customer has paid, or the claim has been settled" {...form.checkbox('collected')} />
      <CountedTextarea maxLength={NOTES_MAX} {...form.field('notes')} />
      {record && (
        <Text size="sm" c="dimmed">
          Recorded {formatDate(record.createdAt)}
          {record.createdByName ? ` by ${record.createdByName}` : ''}
          {record.updatedAt !== record.createdAt ? ` · last saved ${formatDate(record.updatedAt)}` : ''}
        </Text>
      )}
    </RecordForm>
  );
}

/** The add and edit modals; `locationId` is a new invoice's store when the list is narrowed to one. */
export function useInvoiceModals(locationId?: string) {
  return useRecordModals({
    addId: 'add-parts-invoice',
    editId: 'edit-parts-invoice',
    addTitle: 'Add parts invoice',
    editTitle: (invoice: { invoiceNumber: string }) => `Edit parts invoice ${invoice.invoiceNumber}`,
    load: async (invoice: { invoiceId: number; invoiceNumber: string }) =>
      (await callAction(loadInvoice, { invoiceId: invoice.invoiceId })).invoice,
    form: (record, done) => <InvoiceForm record={record} locationId={locationId} done={done} />,
  });
}
