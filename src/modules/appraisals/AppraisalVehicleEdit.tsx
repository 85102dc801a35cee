/**
 * appraisal vehicle edit (seed 000): one appraisal, `?id=` — the vehicle, the customer, both
 * statuses, the assignment, notes, and the offer with every rule that moved it. Saving asks first
 * ('Are you sure you want to update this appraisal?'); when the offer is worked out again is in
 * docs/appraisals.md.
 */
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { VinInput } from '../../web/options/VinInput';
import { vinProblem } from '../vehicles/vehicles.api';
import { IconArrowLeft, IconCalculator } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { errorMessage } from '../../web/api';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { confirm } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDateTime, formatMoney, formatPhone } from '../../shared/format';
import {
  APPRAISAL_UPDATED,
  appraisalSourceLabels,
  appraisalStatusLabels,
  appraisalStatuses,
  listAppraisers,
  loadAppraisal,
  loadAppraisals,
  NOTES_MAX,
  saveAppraisal,
  UPDATE_APPRAISAL_QUESTION,
  vehicleConditionLabels,
  vehicleConditions,
  workingStatusLabels,
  workingStatuses,
  type AppraisalRecord,
} from './appraisals.contract';
import { Slot, VinSlot } from '../../web/slots';
import { optionsOf } from '../../web/options/optionsOf';
import { useActionQuery } from '../../web/ui/useActionQuery';

function OfferCard({ appraisal }: { appraisal: AppraisalRecord }) {
  const canDesk = useCan('sales');
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Offer
          </Title>
          <Text fw={700} size="xl" data-testid="offer">
            {formatMoney(appraisal.offerCents)}
          </Text>
        </Group>
        <Table striped={false} withRowBorders={false} aria-label="How the offer was worked out">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Base value</Table.Td>
              <Table.Td ta="right">{formatMoney(appraisal.baseValueCents)}</Table.Td>
            </Table.Tr>
            {appraisal.adjustments.map((a) => (
              <Table.Tr key={a.position}>
                <Table.Td>
                  {a.ruleName}{' '}
                  <Text span size="xs" c="dimmed">
                    ({a.adjustmentLabel})
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{a.amount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {appraisal.adjustments.length === 0 && (
          <Text size="sm" c="dimmed">
            No rule applied: the offer is the base value.
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Worked out {formatDateTime(appraisal.offeredAt)} with the rules in force that day.
        </Text>
        {/* A deal with this car as its trade: the offer is the trade allowance (docs/sales.md, "Saved deals"). */}
        {canDesk && (
          <Button
            component={Link}
            to={`/sales/desking?appraisalId=${appraisal.appraisalId}`}
            variant="light"
            leftSection={<IconCalculator size={16} />}
            w="fit-content"
          >
            Desk a deal with this trade-in
          </Button>
        )}
        {/* The seller is paid once the customer has accepted the offer or the store has bought the car (docs/payments.md). */}
        {(appraisal.appraisalStatus === 'accepted' || appraisal.appraisalStatus === 'purchased') && (
          <Slot name="appraisalActions" props={{ appraisalId: appraisal.appraisalId }} />
        )}
      </Stack>
    </Card>
  );
}

function AppraisalForm({ appraisal, reload }: { appraisal: AppraisalRecord; reload: () => void }) {
  const appraisers = useActionQuery(listAppraisers, { appraisalId: appraisal.appraisalId });
  const form = useContractForm(saveAppraisal, {
    initialValues: {
      customerName: appraisal.customerName,
      phone: appraisal.phone ? formatPhone(appraisal.phone) : '',
      email: appraisal.email,
      vin: appraisal.vin,
      vinOverride: !!appraisal.vin && !!vinProblem(appraisal.vin),
      year: String(appraisal.year),
      make: appraisal.make,
      model: appraisal.model,
      trim: appraisal.trim,
      mileage: appraisal.mileage as number | '',
      condition: appraisal.condition,
      baseValue: appraisal.baseValue,
      appraisalStatus: appraisal.appraisalStatus,
      workingStatus: appraisal.workingStatus,
      assignedUserId: appraisal.assignedUserId ? String(appraisal.assignedUserId) : '',
      notes: appraisal.notes,
      reprice: false,
    },
    toInput: (v) => ({ ...v, appraisalId: appraisal.appraisalId }),
    success: APPRAISAL_UPDATED,
    reload: [loadAppraisals, loadAppraisal],
    onSuccess: reload,
  });
  // Seed 000, section 5: the update is confirmed first (a form with errors shows them instead).
  const submit = () => {
    if (form.form.validate().hasErrors) return form.submit();
    void confirm({ message: UPDATE_APPRAISAL_QUESTION, confirmLabel: 'Update appraisal' }).then(
      (yes) => yes && form.submit(),
    );
  };
  const assignees = [
    ...(appraisal.assignedUserId && !appraisers.data?.appraisers.some((u) => u.userId === appraisal.assignedUserId)
      ? [{ value: String(appraisal.assignedUserId), label: appraisal.assignedName ?? 'Former user' }]
      : []),
    ...(appraisers.data?.appraisers ?? []).map((u) => ({ value: String(u.userId), label: u.name })),
  ];
  return (
    <RecordForm
      form={{ ...form, submit }}
      buttons="start"
      failTitle="The appraisal was not saved"
      submitLabel="Save appraisal"
    >
      <Title order={2} size="h4">
        Vehicle
      </Title>
      <VinInput form={form} />
      <VehiclePicker form={form} vin={form.values.vin} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput min={0} thousandSeparator="," allowDecimal={false} {...form.field('mileage')} />
        <SearchableSelect
          data={optionsOf(vehicleConditions, vehicleConditionLabels)}
          allowDeselect={false}
          {...form.field('condition')}
        />
        <TextInput
          inputMode="decimal"
          leftSection="$"
          description="Book value for this vehicle and condition"
          {...form.field('baseValue')}
        />
      </SimpleGrid>
      <Title order={2} size="h4">
        Customer
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput autoComplete="off" {...form.field('customerName')} />
        <TextInput type="tel" autoComplete="off" {...form.field('phone')} />
        <TextInput type="email" autoComplete="off" {...form.field('email')} />
      </SimpleGrid>
      <Title order={2} size="h4">
        Status
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <SearchableSelect
          data={optionsOf(appraisalStatuses, appraisalStatusLabels)}
          allowDeselect={false}
          {...form.field('appraisalStatus')}
        />
        <SearchableSelect
          data={optionsOf(workingStatuses, workingStatusLabels)}
          allowDeselect={false}
          {...form.field('workingStatus')}
        />
        <SearchableSelect data={assignees} clearable placeholder="Nobody yet" {...form.field('assignedUserId')} />
      </SimpleGrid>
      <CountedTextarea maxLength={NOTES_MAX} {...form.field('notes')} />
      <Checkbox
        description="An offer already given stands unless the vehicle or base value changes; tick to apply today's rules anyway."
        {...form.checkbox('reprice')}
      />
    </RecordForm>
  );
}

export default function AppraisalVehicleEdit() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useActionQuery(loadAppraisal, { appraisalId: id }, { enabled: id > 0, staleTime: 0 });
  const appraisal = query.data?.appraisal;
  return (
    <div className="appraisal-vehicle-edit">
      <Stack gap="lg">
        <Anchor component={Link} to="/clicklane/appraisals/" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Appraisals
          </Group>
        </Anchor>
        {!id ? (
          <Alert color="red" title="No appraisal">
            Open an appraisal from the appraisal manager.
          </Alert>
        ) : query.isPending ? (
          <Center h={240}>
            <Loader aria-label="Loading" />
          </Center>
        ) : query.isError || !appraisal ? (
          <Alert color="red" title="This appraisal could not be loaded">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <>
            <div>
              <Title order={1}>
                <Slot
                  name="customerName"
                  props={{ kind: 'appraisal', recordId: appraisal.appraisalId, name: appraisal.customerName }}
                  fallback={appraisal.customerName}
                />
                : {appraisal.year} {appraisal.make} {appraisal.model} {appraisal.trim}
              </Title>
              <Text c="dimmed" size="sm">
                {appraisal.locationName} · {appraisalSourceLabels[appraisal.source]} · received{' '}
                {formatDateTime(appraisal.createdAt)}
                {appraisal.vin && (
                  <>
                    {' · VIN '}
                    <VinSlot vin={appraisal.vin} />
                  </>
                )}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              <div style={{ gridColumn: 'span 2' }}>
                <AppraisalForm key={appraisal.updatedAt} appraisal={appraisal} reload={() => void query.refetch()} />
              </div>
              <OfferCard appraisal={appraisal} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </div>
  );
}
