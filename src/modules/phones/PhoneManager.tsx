import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Badge, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  IconEdit, IconListNumbers, IconPhoneCall, IconPhoneOutgoing, IconPlus, IconSearch, IconShoppingCart, IconTrash,
} from '@tabler/icons-react';
import { callAction, type ActionError } from '../../web/api';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { useCan } from '../../web/shell/session';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { DataTable } from '../../web/ui/DataTable';
import { Form } from '../../web/ui/Form';
import { ListScreen } from '../../web/ui/ListScreen';
import { closeModal, confirm, IdModal, openModal } from '../../web/ui/modals';
import { RecordModal } from '../../web/ui/RecordModal';
import { RemoteSelect } from '../../web/ui/RemoteSelect';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useAction } from '../../web/ui/useAction';
import { useFields } from '../../web/ui/useFields';
import { listKey } from '../../web/ui/usePagedList';
import { validate } from '../../web/ui/validate';
import { MAKE_CALL, MakeCallModal } from './MakeCall';
import {
  addPhoneInput, localNumberColumns, localNumbersInput, PHONE_ADDED, PHONE_DELETED, PHONE_UPDATED, phoneColumns, savePhoneInput,
  type AvailableNumberRow, type PhoneLineOption, type PhoneRecord, type PhoneType,
} from './phones.contract';
import { activeOptions, phoneTypeOptions } from './phoneScreens';
import { lineLabel, lineSource } from './pickers';

const LIST = 'phones/load-phones';

interface PhoneRow {
  phoneId: number; description: string; phoneNumber: string; phoneNumberFormatted: string; locationId: number; locationName: string;
  phoneType: PhoneType; phoneTypeLabel: string; bridge: string; directRing: boolean; sid: string | null; outbound: boolean;
  active: boolean; autopilot: boolean; squad: boolean;
}

function PhoneForm({ record, bought, modalId, canEdit }: { record?: PhoneRecord; bought?: AvailableNumberRow; modalId: string; canEdit: boolean }) {
  const locations = useLocationOptions();
  const form = useFields({
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
  });
  const save = useAction(record ? 'phones/save-phone' : 'phones/add-phone', {
    success: record ? PHONE_UPDATED : PHONE_ADDED,
    reload: [LIST, 'phones/actions/load-actions'],
    onSuccess: () => closeModal(modalId),
    onError: form.markErrors,
  });
  const submit = () => {
    // The provider's id is never sent: a purchase gives it, and a save keeps the one on file.
    const body = record ? { ...form.values, phoneId: record.phoneId } : { ...form.values, buy: !!bought };
    if (!form.check(record ? savePhoneInput : addPhoneInput, body)) return;
    save.mutate(body);
  };
  const locked = !!bought || !!record?.bought;

  return (
    <Form onSubmit={submit}>
      <Stack>
        {bought && (
          <Alert color="blue" icon={<IconShoppingCart />} title={`Buying ${bought.phoneNumberFormatted}`}>
            {bought.locality ? `${bought.locality}, ${bought.region}. ` : ''}The number is bought from the telephony provider when you add the phone.
          </Alert>
        )}
        <Fieldset disabled={!canEdit} variant="unstyled" p={0}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Description" required data-autofocus placeholder="e.g. Albuquerque Toyota sales" {...form.text('description')} />
              <TextInput label="Phone number" type="tel" required readOnly={locked}
                description={locked ? 'Bought through the provider: add a new number as a phone of its own.' : undefined} {...form.text('phoneNumber')} />
              <SearchableSelect label="Location" required data={locationSelectData(locations.data)} {...form.select('locationId')} />
              <SearchableSelect label="Phone type" data={phoneTypeOptions} allowDeselect={false} {...form.select('phoneType')} />
              <TextInput label="Bridge" type="tel" description="The store's phone system, rung after the call plan" {...form.text('bridge')} />
              <TextInput label="Provider id" readOnly variant="filled" value={record?.sid ?? ''} name="sid"
                placeholder={bought ? 'Given by the purchase' : 'None: not bought through the provider'} description="The telephony provider's id of the number (PN…)" />
              <TextInput label="Messaging service id" placeholder="MG…" description="Optional: texts from this line go through it" {...form.text('messagingServiceSid')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="sm">
              <Checkbox label="Active" description="Inactive lines take no calls and send nothing" {...form.checkbox('active')} />
              <Checkbox label="Direct ring" description="Ring the bridge at once, skipping the call plan" {...form.checkbox('directRing')} />
              <Checkbox label="Autopilot" description="Automatic text replies" {...form.checkbox('autopilot')} />
              <Checkbox label="Squad" description="Part of the shared BDC pool" {...form.checkbox('squad')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {record?.outbound && <Text size="sm" c="dimmed">This is the outbound line of {record.locationName}: its outbound calls show this number.</Text>}
        <ActionAlert error={form.invalid ?? save.error} title="The phone was not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(modalId)}>{canEdit ? 'Cancel' : 'Close'}</Button>
          {canEdit && <Button type="submit" loading={save.isPending}>{record ? 'Save phone' : bought ? 'Buy and add phone' : 'Add phone'}</Button>}
        </Group>
      </Stack>
    </Form>
  );
}

/** Numbers for sale in an area code; choosing one fills the add-phone modal. */
function BuyNumber({ onChoose }: { onChoose: (row: AvailableNumberRow) => void }) {
  const [draft, setDraft] = useState({ areaCode: '', contains: '' });
  const [search, setSearch] = useState<{ areaCode: string; contains?: string } | null>(null);
  const [invalid, setInvalid] = useState<ActionError | null>(null);
  const found = useQuery({
    queryKey: ['phones/twilio/load-local-numbers', search],
    queryFn: () => callAction<{ numbers: AvailableNumberRow[] }>('phones/twilio/load-local-numbers', search!),
    enabled: !!search,
    staleTime: 0,
    gcTime: 0,
  });
  const submit = () => {
    const checked = validate(localNumbersInput, draft);
    if (checked.error) return setInvalid(checked.error);
    setInvalid(null);
    setSearch(checked.data);
  };
  return (
    <Stack>
      <Form onSubmit={submit} submitOnEnter role="search">
        <Group align="flex-end">
          <TextInput label="Area code" required inputMode="numeric" maxLength={3} w={110} data-autofocus
            value={draft.areaCode} onChange={(e) => setDraft({ ...draft, areaCode: e.currentTarget.value })} />
          <TextInput label="Contains" placeholder="e.g. 0142 or CARS" w={180}
            value={draft.contains} onChange={(e) => setDraft({ ...draft, contains: e.currentTarget.value })} />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={found.isFetching}>Search</Button>
        </Group>
      </Form>
      <ActionAlert error={invalid ?? found.error} title="The search did not work" />
      {found.data && <Text size="sm" fw={600}>{found.data.numbers.length === 1 ? '1 number' : `${found.data.numbers.length} numbers`} for sale</Text>}
      {found.data && (
        <DataTable<AvailableNumberRow>
          label="Numbers for sale"
          columns={[...localNumberColumns, { key: 'choose', label: '' }]}
          rows={found.data.numbers}
          rowKey={(row) => row.phoneNumber}
          emptyText="No numbers for sale match; try another area code or fewer digits."
          cells={{ choose: (row) => <Button size="xs" variant="light" onClick={() => onChoose(row)} aria-label={`Choose ${row.phoneNumberFormatted}`}>Choose</Button> }}
        />
      )}
    </Stack>
  );
}

/** Makes another line of the same location the one its outbound calls show. */
function ReplaceOutbound({ phone }: { phone: PhoneRow }) {
  const outbound = useQuery({
    queryKey: [...listKey(LIST), 'outbound', phone.locationId],
    queryFn: () => callAction<{ phones: PhoneLineOption[] }>('phones/list-options', { locationId: phone.locationId, outbound: '1' }),
  });
  const current = outbound.data?.phones[0];
  const [newPhoneId, setNewPhoneId] = useState(phone.outbound ? '' : String(phone.phoneId));
  const [number, setNumber] = useState('');
  const replace = useAction<Record<string, unknown>, { message: string }>('phones/replace-outbound-number', {
    success: (data) => data.message,
    reload: [LIST],
    onSuccess: () => closeModal('replace-outbound-number'),
  });
  return (
    <Form onSubmit={() => replace.mutate({ phoneId: phone.phoneId, newPhoneId: number ? '' : newPhoneId, number })}>
      <Stack>
        <Text size="sm">
          Outbound calls of {phone.locationName} show {current ? <b>{lineLabel(current)}</b> : outbound.isPending ? '…' : 'no number yet'}.
          Replace it, for example when carriers start labelling the number as spam.
        </Text>
        <RemoteSelect label="New outbound line" source={lineSource({ locationId: phone.locationId, active: '1', outbound: '0' })}
          value={newPhoneId || null} onChange={(v) => setNewPhoneId(v ?? '')} disabled={!!number} clearable />
        <TextInput label="Or its number" type="tel" placeholder="(505) 555-0142" value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
        <ActionAlert error={replace.error} title="The outbound number was not replaced" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal('replace-outbound-number')}>Cancel</Button>
          <Button type="submit" loading={replace.isPending} disabled={!newPhoneId && !number}>Replace outbound number</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** phone-manager: the group's lines, with add-phone, edit-phone, buying a number and the outbound line. */
export default function PhoneManager() {
  const navigate = useNavigate();
  const locations = useLocationOptions();
  const canEdit = useCan('phoneAdmin');
  const canCall = useCan('messenger');
  const [editing, setEditing] = useState<PhoneRow | null>(null);
  const [bought, setBought] = useState<AvailableNumberRow | undefined>();
  const [selected, setSelected] = useState<PhoneRow | null>(null);
  const remove = useAction('phones/delete-phone', { success: PHONE_DELETED, errors: 'alert', reload: [LIST, 'phones/actions/load-actions'] });

  const edit = (row: PhoneRow) => {
    setEditing(row);
    openModal('edit-phone');
  };
  const add = (number?: AvailableNumberRow) => {
    setBought(number);
    closeModal('buy-number');
    openModal('add-phone');
  };
  const act = (row: PhoneRow, modal: string) => {
    setSelected(row);
    openModal(modal);
  };
  const askDelete = async (row: PhoneRow) => {
    if (await confirm({ message: 'Are you sure you want to delete this phone?', confirmLabel: 'Delete', danger: true })) remove.mutate({ phoneId: row.phoneId });
  };

  return (
    <ListScreen<PhoneRow>
      className="phone-manager"
      title="Phones"
      action={LIST}
      noun={['phone', 'phones']}
      countKey="phoneCount"
      columns={phoneColumns}
      updateUrl
      filters={[
        { name: 'query', label: 'Search', kind: 'search', placeholder: 'Description or number' },
        { name: 'locationId', label: 'Location', kind: 'select', data: locationSelectData(locations.data) },
        { name: 'phoneType', label: 'Type', kind: 'select', placeholder: 'Any', data: phoneTypeOptions },
        { name: 'active', label: 'Status', kind: 'select', placeholder: 'Any', data: activeOptions },
      ]}
      rowKey={(row) => row.phoneId}
      rowLabel={(row) => row.description}
      onRowClick={edit}
      rowActions={(row) => [
        { label: canEdit ? 'Edit' : 'View', icon: <IconEdit size={16} />, onClick: () => edit(row) },
        { label: 'Call plan', icon: <IconListNumbers size={16} />, onClick: () => navigate(`/phones/actions/?phoneId=${row.phoneId}`) },
        ...(canCall ? [{ label: 'Call from this line', icon: <IconPhoneOutgoing size={16} />, disabled: !row.active, onClick: () => act(row, MAKE_CALL) }] : []),
        ...(canEdit ? [
          { label: 'Replace outbound number', icon: <IconPhoneCall size={16} />, onClick: () => act(row, 'replace-outbound-number') },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: () => void askDelete(row) },
        ] : []),
      ]}
      cells={{
        phoneNumber: (row) => row.phoneNumberFormatted,
        outbound: (row) => (row.outbound ? <Badge variant="light">Outbound</Badge> : ''),
        active: (row) => <Badge variant="light" color={row.active ? 'teal' : 'gray'}>{row.active ? 'Active' : 'Inactive'}</Badge>,
      }}
      toolbar={canEdit && (
        <>
          <Button variant="light" leftSection={<IconShoppingCart size={16} />} onClick={() => openModal('buy-number')}>Buy a number</Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => add()}>Add phone</Button>
        </>
      )}
    >
      <IdModal id="add-phone" title={bought ? `Add phone ${bought.phoneNumberFormatted}` : 'Add phone'} size="xl">
        <PhoneForm key={bought?.phoneNumber ?? 'new'} modalId="add-phone" bought={bought} canEdit={canEdit} />
      </IdModal>
      <RecordModal
        id="edit-phone"
        title={`${canEdit ? 'Edit phone' : 'Phone'}: ${editing?.description ?? ''}`}
        size="xl"
        recordKey={[editing?.phoneId]}
        load={() => callAction<{ phone: PhoneRecord }>('phones/load-phone', { phoneId: editing?.phoneId })}
      >
        {({ phone }) => <PhoneForm record={phone} modalId="edit-phone" canEdit={canEdit} />}
      </RecordModal>
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
