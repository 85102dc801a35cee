import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  IconListNumbers,
  IconPhoneCall,
  IconPhoneOff,
  IconPhoneOutgoing,
  IconPlus,
  IconShoppingCart,
} from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useCan } from '../../web/shell/session';
import { DataTable } from '../../web/ui/DataTable';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { RemoteSelect } from '../../web/ui/RemoteSelect';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { useAction } from '../../web/ui/useAction';
import { countText } from '../../web/ui/PagedList';
import { fieldLabel } from '../../shared/validation';
import { MAKE_CALL, MakeCallModal } from './MakeCall';
import {
  addPhone,
  deactivatePhones,
  deletePhone,
  loadLocalNumbers,
  loadPhone,
  loadPhoneActions,
  loadPhones,
  localNumberColumns,
  PHONE_ADDED,
  PHONE_DELETED,
  PHONE_UPDATED,
  phoneColumns,
  phoneOptions,
  replaceOutboundNumber,
  savePhone,
  type AvailableNumberRow,
  type PhoneRecord,
  type PhoneRow,
} from './phones.contract';
import { activeOptions, phoneTypeOptions } from './phoneScreens';
import { lineLabel, lineSource } from '../../web/options/lineOptions';
import { useActionQuery } from '../../web/ui/useActionQuery';

/** The lines' list, and the pickers of a location's lines (the outbound line among them). */
const LIST = loadPhones;
const LINES = [LIST, phoneOptions];

function PhoneForm({
  record,
  bought,
  done,
  canEdit,
}: {
  record?: PhoneRecord;
  bought?: AvailableNumberRow;
  done: () => void;
  canEdit: boolean;
}) {
  const form = useContractForm(record ? savePhone : addPhone, {
    initialValues: {
      description: record?.description ?? '',
      phoneNumber: record?.phoneNumberFormatted ?? bought?.phoneNumberFormatted ?? '',
      locationId: record ? String(record.locationId) : '',
      bridge: record?.bridgeFormatted ?? '',
      phoneType: record?.phoneType ?? 'main',
      directRing: record?.directRing ?? false,
      messagingServiceSid: record?.messagingServiceSid ?? '',
      active: record?.active ?? true,
      autopilot: record?.autopilot ?? false,
      squad: record?.squad ?? false,
    },
    // The provider's id is never sent: a purchase gives it, and a save keeps the one on file.
    toInput: (values) => (record ? { ...values, phoneId: record.phoneId } : { ...values, buy: !!bought }),
    success: record ? PHONE_UPDATED : PHONE_ADDED,
    reload: [...LINES, loadPhoneActions],
    onSuccess: done,
  });
  const locked = !!bought || !!record?.bought;

  return (
    <RecordForm
      form={form}
      failTitle="The phone was not saved"
      submitLabel={record ? 'Save phone' : bought ? 'Buy and add phone' : 'Add phone'}
      onCancel={done}
      readOnly={!canEdit}
    >
      {bought && (
        <Alert color="blue" icon={<IconShoppingCart />} title={`Buying ${bought.phoneNumberFormatted}`}>
          {bought.locality ? `${bought.locality}, ${bought.region}. ` : ''}The number is bought from the telephony
          provider when you add the phone.
        </Alert>
      )}
      <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput data-autofocus placeholder="e.g. Albuquerque Toyota sales" {...form.field('description')} />
            <TextInput
              type="tel"
              readOnly={locked}
              description={locked ? 'Bought through the provider: add a new number as a phone of its own.' : undefined}
              {...form.field('phoneNumber')}
            />
            <LocationSelect form={form.form} {...form.field('locationId')} />
            <SearchableSelect data={phoneTypeOptions} allowDeselect={false} {...form.field('phoneType')} />
            <TextInput
              type="tel"
              description="The store's phone system, rung after the call plan"
              {...form.field('bridge')}
            />
            <TextInput
              label={fieldLabel('sid', savePhone.input)}
              readOnly
              variant="filled"
              value={record?.sid ?? ''}
              name="sid"
              error={form.form.errors.sid}
              placeholder={bought ? 'Given by the purchase' : 'None: not bought through the provider'}
              description="The telephony provider's id of the number (PN…)"
            />
            <TextInput
              placeholder="MG…"
              description="Optional: texts from this line go through it"
              {...form.field('messagingServiceSid')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
            <Checkbox description="Inactive lines take no calls and send nothing" {...form.checkbox('active')} />
            <Checkbox description="Ring the bridge at once, skipping the call plan" {...form.checkbox('directRing')} />
            <Checkbox description="Automatic text replies" {...form.checkbox('autopilot')} />
            <Checkbox description="Part of the shared BDC pool" {...form.checkbox('squad')} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
      {record?.outbound && (
        <Text size="sm" c="dimmed">
          This is the outbound line of {record.locationName}: its outbound calls show this number.
        </Text>
      )}
      {!canEdit && (
        <Group justify="flex-end">
          <Button variant="default" onClick={done}>
            Close
          </Button>
        </Group>
      )}
    </RecordForm>
  );
}

/** Numbers for sale in an area code; choosing one fills the add-phone modal. */
function BuyNumber({ onChoose }: { onChoose: (row: AvailableNumberRow) => void }) {
  // A search, not a change: each one asks the provider afresh, and its answer is the list below.
  const form = useContractForm(loadLocalNumbers, { initialValues: { areaCode: '', contains: '' } });
  const found = form.action.data;
  return (
    <Stack>
      <div role="search">
        <RecordForm form={form} failTitle="The search did not work" submitLabel="Search" submitOnEnter>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput inputMode="numeric" maxLength={3} data-autofocus {...form.field('areaCode')} />
            <TextInput placeholder="e.g. 0142 or CARS" {...form.field('contains')} />
          </SimpleGrid>
        </RecordForm>
      </div>
      {found && (
        <Text size="sm" fw={600}>
          {found.numbers.length === 1 ? '1 number' : `${found.numbers.length} numbers`} for sale
        </Text>
      )}
      {found && (
        <DataTable<AvailableNumberRow>
          label="Numbers for sale"
          columns={[...localNumberColumns, { key: 'choose', label: '' }]}
          rows={found.numbers}
          rowKey={(row) => row.phoneNumber}
          emptyText="No numbers for sale match; try another area code or fewer digits."
          cells={{
            choose: (row) => (
              <Button
                size="xs"
                variant="light"
                onClick={() => onChoose(row)}
                aria-label={`Choose ${row.phoneNumberFormatted}`}
              >
                Choose
              </Button>
            ),
          }}
        />
      )}
    </Stack>
  );
}

/** Makes another line of the same location the one its outbound calls show. */
function ReplaceOutbound({ phone }: { phone: PhoneRow }) {
  const outbound = useActionQuery(phoneOptions, { locationId: phone.locationId, outbound: '1', ids: [] });
  const current = outbound.data?.phones[0];
  const done = () => closeModal('replace-outbound-number');
  const form = useContractForm(replaceOutboundNumber, {
    initialValues: { newPhoneId: phone.outbound ? '' : String(phone.phoneId), number: '' },
    // A number typed stands for the line: the line picked is then not sent.
    toInput: (values) => ({
      phoneId: phone.phoneId,
      newPhoneId: values.number ? '' : values.newPhoneId,
      number: values.number,
    }),
    check: (values) =>
      values.newPhoneId || values.number ? {} : { newPhoneId: 'Choose the new outbound line or type its number.' },
    success: (data) => data.message,
    reload: LINES,
    onSuccess: done,
  });
  return (
    <RecordForm
      form={form}
      failTitle="The outbound number was not replaced"
      submitLabel="Replace outbound number"
      onCancel={done}
    >
      <Text size="sm">
        Outbound calls of {phone.locationName} show{' '}
        {current ? <b>{lineLabel(current)}</b> : outbound.isPending ? '…' : 'no number yet'}. Replace it, for example
        when carriers start labelling the number as spam.
      </Text>
      <RemoteSelect
        source={lineSource({ locationId: phone.locationId, active: '1', outbound: '0' })}
        clearable
        disabled={!!form.values.number}
        {...form.field('newPhoneId')}
        value={form.values.newPhoneId || null}
        onChange={(v) => form.form.setFieldValue('newPhoneId', v ?? '')}
      />
      <TextInput
        type="tel"
        placeholder="(505) 555-0142"
        description="Or type the number of the new outbound line."
        {...form.field('number')}
      />
    </RecordForm>
  );
}

/** phone-manager: the group's lines, with add-phone, edit-phone, buying a number and the outbound line. */
export default function PhoneManager() {
  const navigate = useNavigate();
  const canEdit = useCan('phoneAdmin');
  const canCall = useCan('messenger');
  const [bought, setBought] = useState<AvailableNumberRow | undefined>();
  const [selected, setSelected] = useState<PhoneRow | null>(null);
  const records = useRecordModals({
    addId: 'add-phone',
    editId: 'edit-phone',
    size: 'xl',
    addTitle: bought ? `Add phone ${bought.phoneNumberFormatted}` : 'Add phone',
    editTitle: (row: PhoneRow) => `${canEdit ? 'Edit phone' : 'Phone'}: ${row.description}`,
    load: async (row) => (await callAction(loadPhone, { phoneId: row.phoneId })).phone,
    form: (record, done) =>
      record ? (
        <PhoneForm record={record} done={done} canEdit={canEdit} />
      ) : (
        <PhoneForm key={bought?.phoneNumber ?? 'new'} bought={bought} done={done} canEdit={canEdit} />
      ),
  });
  const rowActions = useRowActions(deletePhone, {
    edit: records.edit,
    question: () => 'Are you sure you want to delete this phone?',
    input: (row: PhoneRow) => ({ phoneId: row.phoneId }),
    success: PHONE_DELETED,
    reload: [...LINES, loadPhoneActions],
  });

  const deactivate = useAction(deactivatePhones, {
    success: (data) => `${countText(data.deactivatedCount, ['line', 'lines'])} deactivated.`,
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [...LINES, loadPhoneActions],
  });

  const add = (number?: AvailableNumberRow) => {
    setBought(number);
    closeModal('buy-number');
    records.add();
  };
  const act = (row: PhoneRow, modal: string) => {
    setSelected(row);
    openModal(modal);
  };

  return (
    <ListScreen
      className="phone-manager"
      title="Phones"
      action={loadPhones}
      noun={['phone', 'phones']}
      columns={phoneColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Description or number' },
        { name: 'locationId', kind: 'location' },
        { name: 'phoneType', kind: 'select', placeholder: 'Any', data: phoneTypeOptions },
        { name: 'active', kind: 'select', placeholder: 'Any', data: activeOptions },
      ]}
      rowKey={(row) => row.phoneId}
      rowLabel={(row) => row.description}
      onRowClick={records.edit}
      bulkActions={
        canEdit
          ? [
              {
                label: 'Deactivate lines',
                icon: <IconPhoneOff size={16} />,
                question: (rows) =>
                  `Deactivate ${countText(rows.length, ['line', 'lines'])}? They keep their settings and history, and take no calls or texts until made active again.`,
                run: (rows) => deactivate.mutateAsync({ phoneIds: rows.map((row) => row.phoneId) }),
              },
            ]
          : undefined
      }
      rowActions={(row) => {
        const [edit, remove] = rowActions(row);
        return [
          { ...edit, label: canEdit ? 'Edit' : 'View' },
          {
            label: 'Call plan',
            icon: <IconListNumbers size={16} />,
            onClick: () => navigate(`/phones/actions/?phoneId=${row.phoneId}`),
          },
          ...(canCall
            ? [
                {
                  label: 'Call from this line',
                  icon: <IconPhoneOutgoing size={16} />,
                  disabled: !row.active,
                  onClick: () => act(row, MAKE_CALL),
                },
              ]
            : []),
          ...(canEdit
            ? [
                {
                  label: 'Replace outbound number',
                  icon: <IconPhoneCall size={16} />,
                  onClick: () => act(row, 'replace-outbound-number'),
                },
                remove,
              ]
            : []),
        ];
      }}
      cells={{
        phoneNumber: (row) => row.phoneNumberFormatted,
        outbound: (row) => (row.outbound ? <Badge variant="light">Outbound</Badge> : ''),
        active: (row) => (
          <Badge variant="light" color={row.active ? 'teal' : 'gray'}>
            {row.active ? 'Active' : 'Inactive'}
          </Badge>
        ),
      }}
      toolbar={
        canEdit && (
          <>
            <Button
              variant="light"
              leftSection={<IconShoppingCart size={16} />}
              onClick={() => openModal('buy-number')}
            >
              Buy a number
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => add()}>
              Add phone
            </Button>
          </>
        )
      }
    >
      {records.modals}
      <IdModal id="buy-number" title="Buy a number" size="lg">
        <BuyNumber onChoose={add} />
      </IdModal>
      <IdModal id="replace-outbound-number" title="Replace outbound number" size="md">
        {selected && <ReplaceOutbound phone={selected} />}
      </IdModal>
      <MakeCallModal key={selected?.phoneId} phoneId={selected?.phoneId} />
    </ListScreen>
  );
}
