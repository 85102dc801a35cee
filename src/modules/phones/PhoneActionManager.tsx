import { useSearchParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IconArrowDown,
  IconArrowUp,
  IconClock,
  IconPhoneCall,
  IconPhoneEnd,
  IconPlus,
  IconRoute,
  IconUsersGroup,
  IconMicrophone,
  type Icon,
} from '@tabler/icons-react';
import { callAction, errorMessage } from '../../web/api';
import { useLocationOptions } from '../../web/options/locationOptions';
import { useCan } from '../../web/shell/session';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { showAlert } from '../../web/ui/modals';
import { PagedList } from '../../web/ui/PagedList';
import { PopoutMenu } from '../../web/ui/PopoutMenu';
import { RecordForm, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { RemoteMultiSelect } from '../../web/ui/RemoteSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatPhone } from '../../shared/format';
import {
  addPhoneAction,
  deletePhoneAction,
  loadPhone,
  loadPhoneAction,
  loadPhoneActions,
  loadPhones,
  phoneActionKinds,
  phoneColumns,
  savePhoneAction,
  weekdays,
  type OpeningHours,
  type PhoneActionKind,
  type PhoneActionListRow,
  type PhoneActionRecord,
  type Weekday,
} from './phones.contract';
import { phoneActionKindLabels } from './phoneScreens';
import { lineSource } from '../../web/options/lineOptions';
import { userSource } from '../../web/options/userOptions';
import { planSummary, weekdayLabels } from './plan-summary';
import { optionsOf } from '../../web/options/optionsOf';
import { reloadActions, useActionQuery } from '../../web/ui/useActionQuery';

const LIST = loadPhoneActions;

type ActionRow = PhoneActionListRow;

const kindIcons: Record<PhoneActionKind, Icon> = {
  'ring-group': IconUsersGroup,
  forward: IconRoute,
  hours: IconClock,
  voicemail: IconMicrophone,
};

const closedWeek = Object.fromEntries(weekdays.map((d) => [d, null])) as Record<Weekday, [string, string] | null>;

/** Ring-group members: anyone who may change a call plan picks them by typing a name (users/list-options). */
function useMemberSource() {
  const locations = useLocationOptions();
  const names = new Map((locations.data?.locations ?? []).map((l) => [l.id, l.name]));
  return userSource((id) => names.get(id));
}

const defaultHours: Record<Weekday, [string, string] | null> = {
  ...closedWeek,
  mon: ['08:00', '18:00'],
  tue: ['08:00', '18:00'],
  wed: ['08:00', '18:00'],
  thu: ['08:00', '18:00'],
  fri: ['08:00', '18:00'],
};

function StepForm({ phoneId, step, done }: { phoneId: number; step?: PhoneActionRecord; done: () => void }) {
  const members = useMemberSource();
  // Four steps side by side do not fit a phone's width: there they stack.
  const phone = useMediaQuery('(max-width: 36em)');
  const form = useContractForm(step ? savePhoneAction : addPhoneAction, {
    initialValues: {
      kind: (step?.kind ?? 'ring-group') as PhoneActionKind,
      label: step?.label ?? '',
      targets: (step?.targets ?? []).map(formatPhone),
      userIds: (step?.userIds ?? []).map(String),
      timeoutSeconds: (step?.timeoutSeconds ?? 20) as number | string,
      greeting: step?.greeting ?? '',
      hours: step?.hours ? { ...closedWeek, ...step.hours } : defaultHours,
    },
    // Only what the kind of step uses is sent; the rest of the form is kept while the kind changes.
    toInput: ({ kind, label, targets, userIds, timeoutSeconds, greeting, hours }) => {
      const rings = kind === 'ring-group' || kind === 'forward';
      return {
        ...(step ? { actionId: step.actionId, position: step.position } : {}),
        phoneId,
        kind,
        label,
        targets: rings ? (kind === 'forward' ? targets.slice(0, 1) : targets) : [],
        userIds: kind === 'ring-group' ? userIds.map(Number) : [],
        timeoutSeconds: rings ? timeoutSeconds : undefined,
        greeting: kind === 'voicemail' ? greeting : '',
        ...(kind === 'hours'
          ? { hours: Object.fromEntries(weekdays.filter((d) => hours[d]).map((d) => [d, hours[d]])) as OpeningHours }
          : {}),
      };
    },
    success: step ? 'Phone action saved.' : 'Phone action added.',
    reload: [LIST],
    onSuccess: done,
  });
  const { kind, targets, hours } = form.values;
  const setDay = (day: Weekday, value: [string, string] | null) =>
    form.form.setFieldValue('hours', { ...hours, [day]: value });

  return (
    <RecordForm
      form={form}
      failTitle="The step was not saved"
      submitLabel={step ? 'Save step' : 'Add step'}
      onCancel={done}
    >
      <SegmentedControl
        fullWidth
        orientation={phone ? 'vertical' : 'horizontal'}
        aria-label="Step"
        value={kind}
        onChange={(v) => form.form.setFieldValue('kind', v as PhoneActionKind)}
        data={optionsOf(phoneActionKinds, phoneActionKindLabels)}
      />
      <TextInput placeholder="e.g. Front desk" data-autofocus {...form.field('label')} />
      {kind === 'ring-group' && (
        <>
          <RemoteMultiSelect
            clearable
            source={members}
            description="Their profile phone rings; whoever picks up takes the call."
            {...form.field('userIds')}
            value={form.values.userIds}
            onChange={(v) => form.form.setFieldValue('userIds', v)}
          />
          <TagsInput placeholder="Type a number and press Enter" {...form.field('targets')} />
        </>
      )}
      {kind === 'forward' && (
        <TextInput
          type="tel"
          placeholder="(505) 555-0142"
          {...form.field('targets')}
          label="Forward to"
          required
          value={targets[0] ?? ''}
          onChange={(e) => form.form.setFieldValue('targets', [e.currentTarget.value])}
        />
      )}
      {(kind === 'ring-group' || kind === 'forward') && (
        <NumberInput min={5} max={120} w={200} {...form.field('timeoutSeconds')} />
      )}
      {kind === 'hours' && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            In the location's time zone. Outside these hours the call skips to the next voicemail step.
          </Text>
          {weekdays.map((day) => {
            const today = hours[day];
            return (
              <Group key={day} gap="sm" wrap="nowrap">
                <Checkbox
                  w={70}
                  label={weekdayLabels[day]}
                  checked={!!today}
                  onChange={(e) => setDay(day, e.currentTarget.checked ? ['08:00', '18:00'] : null)}
                />
                {today ? (
                  <>
                    <TimeInput
                      aria-label={`${weekdayLabels[day]} opens`}
                      value={today[0]}
                      onChange={(e) => setDay(day, [e.currentTarget.value, today[1]])}
                    />
                    <TimeInput
                      aria-label={`${weekdayLabels[day]} closes`}
                      value={today[1]}
                      onChange={(e) => setDay(day, [today[0], e.currentTarget.value])}
                    />
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Closed
                  </Text>
                )}
              </Group>
            );
          })}
          {form.form.errors.hours && (
            <Text size="sm" c="red">
              {form.form.errors.hours}
            </Text>
          )}
        </Stack>
      )}
      {kind === 'voicemail' && (
        <CountedTextarea
          description="Read to the caller before the beep; empty plays the default."
          maxLength={500}
          {...form.field('greeting')}
        />
      )}
    </RecordForm>
  );
}

/** One line's call plan, in the order a call meets it, ending with the bridge. */
function LinePlan({ phoneId }: { phoneId: number }) {
  const queryClient = useQueryClient();
  const canEdit = useCan('phoneAdmin');
  const line = useActionQuery(loadPhone, { phoneId });
  const steps = useActionQuery(
    LIST,
    { phoneId, sort: 'position', dir: 'asc', limit: 100, view: 'rows' },
    { select: (reply) => reply.rows },
  );
  const records = useRecordModals({
    addId: 'add-phone-action',
    editId: 'edit-phone-action',
    addTitle: `Add a step to ${line.data?.phone.description ?? 'this line'}`,
    editTitle: () => 'Edit step',
    load: async (actionId: number) => (await callAction(loadPhoneAction, { actionId })).action,
    form: (step, done) => <StepForm phoneId={phoneId} step={step} done={done} />,
  });
  const rowActions = useRowActions(deletePhoneAction, {
    edit: (row: ActionRow) => records.edit(row.actionId),
    question: (row) => `Are you sure you want to delete the step "${row.label || phoneActionKindLabels[row.kind]}"?`,
    input: (row) => ({ actionId: row.actionId }),
    success: 'Phone action deleted.',
    reload: [LIST],
  });
  // A move saves the new order as positions 0, 1, 2… (only the steps whose position changes).
  const move = useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) => {
      const order = [...(steps.data ?? [])];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved);
      for (const [position, s] of order.entries()) {
        if (s.position === position) continue;
        await callAction(savePhoneAction, {
          actionId: s.actionId,
          phoneId: s.phoneId,
          kind: s.kind,
          label: s.label,
          targets: s.targets,
          userIds: s.userIds,
          ...(s.hours ? { hours: s.hours } : {}),
          greeting: s.greeting,
          timeoutSeconds: s.timeoutSeconds,
          position,
        });
      }
    },
    onError: (error) => showAlert(errorMessage(error)),
    onSettled: () => reloadActions(queryClient, LIST),
  });

  if (line.isPending || steps.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  if (line.isError || steps.isError)
    return <ActionAlert error={line.error ?? steps.error} title="This call plan could not be loaded" />;
  const phone = line.data.phone;
  const list = steps.data;
  // A voicemail ends the call: it stays last, and new steps go before it (the server refuses any after it).
  const endsAtVoicemail = list.at(-1)?.kind === 'voicemail';

  return (
    <Paper withBorder radius="md" p="md" className="call-plan">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} size="h3">
            {phone.description}
          </Title>
          <Text c="dimmed" size="sm">
            {phone.phoneNumberFormatted} · {phone.locationName}
            {phone.active ? '' : ' · inactive'}
          </Text>
          <Text size="sm" mt={4} className="call-plan-summary">
            {planSummary(phone, list)}.
          </Text>
        </div>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
            Add step
          </Button>
        )}
      </Group>
      {canEdit && endsAtVoicemail && (
        <Text size="sm" c="dimmed" mb="md" className="plan-ends-note">
          The voicemail ends the call, so nothing can follow it: new steps go just before it.
        </Text>
      )}
      {phone.directRing && phone.bridge && (
        <Alert color="yellow" mb="md" title="Direct ring is on">
          Calls ring the bridge at once; the steps below are skipped until direct ring is turned off on the phone.
        </Alert>
      )}
      <Timeline bulletSize={30} lineWidth={2} active={list.length}>
        {list.map((row, i) => {
          const KindIcon = kindIcons[row.kind];
          return (
            <Timeline.Item
              key={row.actionId}
              bullet={<KindIcon size={16} />}
              className="call-plan-step"
              title={
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text fw={600}>{row.label || phoneActionKindLabels[row.kind]}</Text>
                    <Badge variant="light" size="sm">
                      {phoneActionKindLabels[row.kind]}
                    </Badge>
                  </Group>
                  {canEdit && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${row.label || row.kind} up`}
                        disabled={i === 0 || row.kind === 'voicemail' || move.isPending}
                        onClick={() => move.mutate({ from: i, to: i - 1 })}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Move ${row.label || row.kind} down`}
                        disabled={i === list.length - 1 || list[i + 1].kind === 'voicemail' || move.isPending}
                        onClick={() => move.mutate({ from: i, to: i + 1 })}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <PopoutMenu label={`Actions for ${row.label || row.kind}`} items={rowActions(row)} />
                    </Group>
                  )}
                </Group>
              }
            >
              <Text size="sm" c="dimmed">
                {row.summary}
              </Text>
            </Timeline.Item>
          );
        })}
        {endsAtVoicemail ? (
          <Timeline.Item bullet={<IconPhoneEnd size={16} />} title={<Text fw={600}>End of the plan</Text>}>
            <Text size="sm" c="dimmed">
              The voicemail ends the call{phone.bridge ? '; the bridge is not rung' : ''}.
            </Text>
          </Timeline.Item>
        ) : (
          <Timeline.Item
            bullet={phone.bridge ? <IconPhoneCall size={16} /> : <IconPhoneEnd size={16} />}
            title={<Text fw={600}>{phone.bridge ? 'Bridge' : 'End of the plan'}</Text>}
          >
            <Text size="sm" c="dimmed">
              {phone.bridge
                ? `Rings the store's phone system at ${phone.bridgeFormatted}; then the caller hears that nobody is available.`
                : 'The caller hears that nobody is available.'}
            </Text>
          </Timeline.Item>
        )}
      </Timeline>
      {list.length === 0 && (
        <Text size="sm" c="dimmed" mt="sm">
          No steps yet: calls go straight to the bridge.
        </Text>
      )}
      {records.modals}
    </Paper>
  );
}

interface LineRow {
  phoneId: number;
  description: string;
  phoneNumber: string;
  locationName: string;
  phoneTypeLabel: string;
  active: boolean;
}
const lineColumns = phoneColumns.filter((c) =>
  ['description', 'phoneNumber', 'locationName', 'phoneTypeLabel', 'active'].includes(c.key),
);

/** phone-action-manager: what a call to each line does, step by step; pick a line to see and change its plan. */
export default function PhoneActionManager() {
  const [params, setParams] = useSearchParams();
  const locationId = Number(params.get('locationId')) || undefined;
  const choose = (row: LineRow) =>
    setParams((p) => {
      p.set('phoneId', String(row.phoneId));
      return p;
    });
  return (
    <FilteredScreen
      className="phone-action-manager"
      title="Call plans"
      action={LIST}
      updateUrl
      filters={[
        { name: 'locationId', kind: 'location' },
        { name: 'phoneId', kind: 'remote', source: lineSource(locationId ? { locationId } : {}) },
      ]}
    >
      {(applied) =>
        applied.phoneId ? (
          <LinePlan key={applied.phoneId} phoneId={Number(applied.phoneId)} />
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              Choose a line to see what a call to it does, step by step.
            </Text>
            <PagedList<LineRow>
              action={loadPhones}
              params={{ locationId: applied.locationId }}
              columns={lineColumns}
              noun={['line', 'lines']}
              rowKey={(row) => row.phoneId}
              rowLabel={(row) => row.description}
              onRowClick={choose}
            />
          </Stack>
        )
      }
    </FilteredScreen>
  );
}
