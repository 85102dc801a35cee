import { Button, Checkbox, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { callAction, errorMessage } from '../../web/api';
import { IdModal, closeModal, confirm, openModal, showAlert } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { conditions } from '../inventory/inventory.contract';
import {
  convertHtml,
  EMPTY_IMPORT,
  getShortcodes,
  listPlanCoupons,
  listPlanVehicles,
  LOAD_FAILED,
  planCouponImport,
  planVehicleImport,
  sendTest,
  vehicleImport,
  type CouponItem,
  type PlanItem,
  type VehicleItem,
} from './email-builder.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

/** Asks before an import replaces what a piece has (seed 001, section 5). */
export const replaceAsked = async (count: number, what: string) =>
  count === 0 ||
  (await confirm({
    message: `Replace the ${count} ${what} of this piece with the ones imported?`,
    confirmLabel: 'Replace',
  }));

/** The store's active plan's vehicles or coupons, chosen with checkboxes, then imported. */
export function PlanImport({
  kind,
  location,
  onImport,
}: {
  kind: 'vehicles' | 'coupons';
  location: number;
  onImport: (items: VehicleItem[] | CouponItem[]) => void;
}) {
  const id = `plan-${kind}-import`;
  const [list, setList] = useState<{ plan: string; items: PlanItem[] } | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const open = async () => {
    try {
      const reply = await callAction(kind === 'vehicles' ? listPlanVehicles : listPlanCoupons, { location });
      if (reply.items.length === 0) return showAlert(EMPTY_IMPORT, 'Nothing to import');
      setList(reply);
      setChosen(reply.items.filter((i) => i.live).map((i) => i.itemId));
      openModal(id);
    } catch (error) {
      showAlert(LOAD_FAILED + errorMessage(error));
    }
  };
  const run = async () => {
    try {
      const items =
        kind === 'vehicles'
          ? (await callAction(planVehicleImport, { vehicleIds: chosen })).vehicles
          : (await callAction(planCouponImport, { couponIds: chosen })).coupons;
      if (items.length === 0) return showAlert(EMPTY_IMPORT, 'Nothing to import');
      closeModal(id);
      onImport(items);
    } catch (error) {
      showAlert(LOAD_FAILED + errorMessage(error));
    }
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={open}>
        Import {kind} from plan
      </Button>
      <IdModal id={id} title={`Import ${kind} from ${list?.plan ?? 'the plan'}`}>
        <Stack gap="xs">
          {list?.items.map((item) => (
            <Checkbox
              key={item.itemId}
              label={`${item.label}${item.detail ? ` · ${item.detail}` : ''}${item.live ? '' : ' (not live)'}`}
              checked={chosen.includes(item.itemId)}
              onChange={(e) =>
                setChosen(e.currentTarget.checked ? [...chosen, item.itemId] : chosen.filter((c) => c !== item.itemId))
              }
            />
          ))}
          <Group justify="flex-end">
            <Button onClick={run} disabled={chosen.length === 0}>
              Import {chosen.length}
            </Button>
          </Group>
        </Stack>
      </IdModal>
    </>
  );
}

/** Vehicles in stock at the template's store, by condition, make and model (vehicle-import). */
export function InventoryImport({
  locationId,
  onImport,
}: {
  locationId: number;
  onImport: (items: VehicleItem[]) => void;
}) {
  const id = 'inventory-import';
  const [form, setForm] = useState({ condition: '', make: '', model: '', limit: 6 });
  const run = async () => {
    try {
      const { vehicles } = await callAction(vehicleImport, {
        locationId,
        condition: (form.condition || undefined) as (typeof conditions)[number] | undefined,
        make: form.make,
        model: form.model,
        limit: form.limit,
      });
      if (vehicles.length === 0) return showAlert(EMPTY_IMPORT, 'Nothing to import');
      closeModal(id);
      onImport(vehicles);
    } catch (error) {
      showAlert(LOAD_FAILED + errorMessage(error));
    }
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={() => openModal(id)}>
        Import from inventory
      </Button>
      <IdModal id={id} title="Import vehicles from inventory">
        <Stack gap="xs">
          <Select
            label="Condition"
            placeholder="Any"
            clearable
            data={[...conditions]}
            value={form.condition || null}
            onChange={(v) => setForm({ ...form, condition: v ?? '' })}
          />
          <TextInput
            label="Make"
            value={form.make}
            onChange={(e) => setForm({ ...form, make: e.currentTarget.value })}
          />
          <TextInput
            label="Model"
            value={form.model}
            onChange={(e) => setForm({ ...form, model: e.currentTarget.value })}
          />
          <NumberInput
            label="How many"
            min={1}
            max={30}
            value={form.limit}
            onChange={(v) => setForm({ ...form, limit: Number(v) || 1 })}
          />
          <Group justify="flex-end">
            <Button onClick={run}>Import</Button>
          </Group>
        </Stack>
      </IdModal>
    </>
  );
}

/** The merge fields of the template, with its store's values (get-shortcodes). */
export function ShortcodesDialog({ templateId }: { templateId: number }) {
  const { data, error } = useActionQuery(getShortcodes, { templateId });
  if (error)
    return (
      <Text c="red" role="alert">
        {LOAD_FAILED + errorMessage(error)}
      </Text>
    );
  return (
    <Table className="shortcodes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Shortcode</Table.Th>
          <Table.Th>Means</Table.Th>
          <Table.Th>Here</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data?.shortcodes.map((c) => (
          <Table.Tr key={c.shortcode}>
            <Table.Td>
              <code>{c.shortcode}</code>
            </Table.Td>
            <Table.Td>{c.label}</Table.Td>
            <Table.Td>{c.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The test send (seed 001, section 5): every input and select must be filled, else the empty ones
 * are marked and nothing is sent. The email is compiled at that moment, so it is what was saved.
 */
export function TestSendForm({
  templateId,
  name,
  stores,
  store,
}: {
  templateId: number;
  name: string;
  stores: string[];
  store: string;
}) {
  const [values, setValues] = useState({ to: '', subject: name, locationName: store });
  const [empty, setEmpty] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const missing = Object.entries(values)
      .filter(([, v]) => !v.trim())
      .map(([k]) => k);
    setEmpty(missing);
    if (missing.length) return;
    setBusy(true);
    try {
      const { html } = await callAction(convertHtml, { templateId });
      await callAction(sendTest, { ...values, html });
      notifySuccess(`Test email sent to ${values.to}!`);
      closeModal('test-send');
    } catch (error) {
      showAlert(errorMessage(error), 'The test email was not sent');
    } finally {
      setBusy(false);
    }
  };
  const err = (k: string) => (empty.includes(k) ? 'Fill this in.' : undefined);
  return (
    <Stack gap="xs" className="test-send-form">
      <TextInput
        label="To"
        type="email"
        value={values.to}
        error={err('to')}
        onChange={(e) => setValues({ ...values, to: e.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label="Subject"
        value={values.subject}
        error={err('subject')}
        onChange={(e) => setValues({ ...values, subject: e.currentTarget.value })}
      />
      <Select
        label="Location name"
        data={stores}
        value={values.locationName || null}
        error={err('locationName')}
        onChange={(v) => setValues({ ...values, locationName: v ?? '' })}
      />
      <Group justify="flex-end">
        <Button loading={busy} onClick={send}>
          Send test
        </Button>
      </Group>
    </Stack>
  );
}
