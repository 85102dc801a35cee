import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ActionIcon, Alert, Badge, Button, Center, Checkbox, Group, Loader, NumberInput, Paper, SegmentedControl, Stack,
  TagsInput, Text, TextInput, Timeline, Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IconArrowDown, IconArrowUp, IconClock, IconEdit, IconPhoneCall, IconPhoneEnd, IconPlus, IconRoute, IconTrash, IconUsersGroup, IconMicrophone, type Icon,
} from '@tabler/icons-react';
import { callAction, errorMessage, type ActionError } from '../../web/api';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { useCan } from '../../web/shell/session';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { Form } from '../../web/ui/Form';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { closeModal, confirm, IdModal, openModal, showAlert } from '../../web/ui/modals';
import { PagedList } from '../../web/ui/PagedList';
import { PopoutMenu } from '../../web/ui/PopoutMenu';
import { RecordModal } from '../../web/ui/RecordModal';
import { RemoteMultiSelect } from '../../web/ui/RemoteSelect';
import { useAction } from '../../web/ui/useAction';
import { listKey, type ListReply } from '../../web/ui/usePagedList';
import { validate } from '../../web/ui/validate';
import { formatPhone } from '../../shared/format';
import {
  addPhoneActionInput, phoneActionKinds, phoneColumns, savePhoneActionInput, weekdays,
  type OpeningHours, type PhoneActionKind, type PhoneActionListRow, type PhoneActionRecord, type PhoneRecord, type Weekday,
} from './phones.contract';
import { phoneActionKindLabels } from './phoneScreens';
import { lineSource, userSource } from './pickers';
import { planSummary, weekdayLabels } from './plan-summary';

const LIST = 'phones/actions/load-actions';

type ActionRow = PhoneActionListRow;

const kindIcons: Record<PhoneActionKind, Icon> = { 'ring-group': IconUsersGroup, forward: IconRoute, hours: IconClock, voicemail: IconMicrophone };

const closedWeek = Object.fromEntries(weekdays.map((d) => [d, null])) as Record<Weekday, [string, string] | null>;

/** Ring-group members: anyone who may change a call plan picks them by typing a name (users/list-options). */
function useMemberSource() {
  const locations = useLocationOptions();
  const names = new Map((locations.data?.locations ?? []).map((l) => [l.id, l.name]));
  return userSource((id) => names.get(id));
}

function StepForm({ phoneId, step, modalId }: { phoneId: number; step?: PhoneActionRecord; modalId: string }) {
  const members = useMemberSource();
  // Four steps side by side do not fit a phone's width: there they stack.
  const phone = useMediaQuery('(max-width: 36em)');
  const [kind, setKind] = useState<PhoneActionKind>(step?.kind ?? 'ring-group');
  const [label, setLabel] = useState(step?.label ?? '');
  const [targets, setTargets] = useState<string[]>((step?.targets ?? []).map(formatPhone));
  const [userIds, setUserIds] = useState<string[]>((step?.userIds ?? []).map(String));
  const [timeoutSeconds, setTimeoutSeconds] = useState<number | string>(step?.timeoutSeconds ?? 20);
  const [greeting, setGreeting] = useState(step?.greeting ?? '');
  const [hours, setHours] = useState<Record<Weekday, [string, string] | null>>({ ...closedWeek, ...(step?.hours ?? { mon: ['08:00', '18:00'], tue: ['08:00', '18:00'], wed: ['08:00', '18:00'], thu: ['08:00', '18:00'], fri: ['08:00', '18:00'] }) });
  const [invalid, setInvalid] = useState<ActionError | null>(null);
  const save = useAction(step ? 'phones/actions/save-action' : 'phones/actions/add-action', {
    success: step ? 'Phone action saved.' : 'Phone action added.',
    reload: [LIST],
    onSuccess: () => closeModal(modalId),
  });

  const submit = () => {
    const rings = kind === 'ring-group' || kind === 'forward';
    const body = {
      ...(step ? { actionId: step.actionId, position: step.position } : {}),
      phoneId, kind, label,
      targets: rings ? (kind === 'forward' ? targets.slice(0, 1) : targets) : [],
      userIds: kind === 'ring-group' ? userIds.map(Number) : [],
      timeoutSeconds: rings ? timeoutSeconds : undefined,
      greeting: kind === 'voicemail' ? greeting : '',
      ...(kind === 'hours' ? { hours: Object.fromEntries(weekdays.filter((d) => hours[d]).map((d) => [d, hours[d]])) as OpeningHours } : {}),
    };
    const checked = validate(step ? savePhoneActionInput : addPhoneActionInput, body);
    if (checked.error) return setInvalid(checked.error);
    setInvalid(null);
    save.mutate(body);
  };
  const setDay = (day: Weekday, value: [string, string] | null) => setHours((h) => ({ ...h, [day]: value }));

  return (
    <Form onSubmit={submit}>
      <Stack>
        <SegmentedControl fullWidth orientation={phone ? 'vertical' : 'horizontal'} value={kind} onChange={(v) => setKind(v as PhoneActionKind)} aria-label="Step"
          data={phoneActionKinds.map((k) => ({ value: k, label: phoneActionKindLabels[k] }))} />
        <TextInput label="Label" placeholder="e.g. Front desk" value={label} onChange={(e) => setLabel(e.currentTarget.value)} data-autofocus />
        {kind === 'ring-group' && (
          <>
            <RemoteMultiSelect label="Users to ring" clearable source={members} value={userIds} onChange={setUserIds}
              description="Their profile phone rings; whoever picks up takes the call." />
            <TagsInput label="Numbers to ring" placeholder="Type a number and press Enter" value={targets} onChange={setTargets} />
          </>
        )}
        {kind === 'forward' && (
          <TextInput label="Forward to" type="tel" required placeholder="(505) 555-0142" value={targets[0] ?? ''} onChange={(e) => setTargets([e.currentTarget.value])} />
        )}
        {(kind === 'ring-group' || kind === 'forward') && (
          <NumberInput label="Ring for (seconds)" min={5} max={120} w={200} value={timeoutSeconds} onChange={setTimeoutSeconds} />
        )}
        {kind === 'hours' && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">In the location's time zone. Outside these hours the call skips to the next voicemail step.</Text>
            {weekdays.map((day) => {
              const today = hours[day];
              return (
                <Group key={day} gap="sm" wrap="nowrap">
                  <Checkbox w={70} label={weekdayLabels[day]} checked={!!today} onChange={(e) => setDay(day, e.currentTarget.checked ? ['08:00', '18:00'] : null)} />
                  {today ? (
                    <>
                      <TimeInput aria-label={`${weekdayLabels[day]} opens`} value={today[0]} onChange={(e) => setDay(day, [e.currentTarget.value, today[1]])} />
                      <TimeInput aria-label={`${weekdayLabels[day]} closes`} value={today[1]} onChange={(e) => setDay(day, [today[0], e.currentTarget.value])} />
                    </>
                  ) : <Text size="sm" c="dimmed">Closed</Text>}
                </Group>
              );
            })}
          </Stack>
        )}
        {kind === 'voicemail' && (
          <CountedTextarea label="Greeting" description="Read to the caller before the beep; empty plays the default." maxLength={500}
            value={greeting} onChange={(e) => setGreeting(e.currentTarget.value)} />
        )}
        <ActionAlert error={invalid ?? save.error} title="The step was not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(modalId)}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>{step ? 'Save step' : 'Add step'}</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** One line's call plan, in the order a call meets it, ending with the bridge. */
function LinePlan({ phoneId }: { phoneId: number }) {
  const queryClient = useQueryClient();
  const canEdit = useCan('phoneAdmin');
  const [editing, setEditing] = useState<ActionRow | null>(null);
  const line = useQuery({
    queryKey: ['phones/load-phone', phoneId],
    queryFn: () => callAction<{ phone: PhoneRecord }>('phones/load-phone', { phoneId }),
  });
  const steps = useQuery({
    queryKey: [...listKey(LIST), { phoneId }],
    queryFn: async () => (await callAction<ListReply<ActionRow>>(LIST, { phoneId, sort: 'position', dir: 'asc', limit: 100, view: 'rows' })).rows,
  });
  const remove = useAction('phones/actions/delete-action', { success: 'Phone action deleted.', errors: 'alert', reload: [LIST] });
  // A move saves the new order as positions 0, 1, 2… (only the steps whose position changes).
  const move = useMutation({
    mutationFn: async ({ from, to }: { from: number; to: number }) => {
      const order = [...(steps.data ?? [])];
      const [moved] = order.splice(from, 1);
      order.splice(to, 0, moved);
      for (const [position, s] of order.entries()) {
        if (s.position === position) continue;
        await callAction('phones/actions/save-action', {
          actionId: s.actionId, phoneId: s.phoneId, kind: s.kind, label: s.label, targets: s.targets, userIds: s.userIds,
          ...(s.hours ? { hours: s.hours } : {}), greeting: s.greeting, timeoutSeconds: s.timeoutSeconds, position,
        });
      }
    },
    onError: (error) => showAlert(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey(LIST) }),
  });
  const edit = (row: ActionRow) => {
    setEditing(row);
    openModal('edit-phone-action');
  };
  const askDelete = async (row: ActionRow) => {
    if (await confirm({ message: `Are you sure you want to delete the step "${row.label || phoneActionKindLabels[row.kind]}"?`, confirmLabel: 'Delete', danger: true })) {
      remove.mutate({ actionId: row.actionId });
    }
  };

  if (line.isPending || steps.isPending) return <Center h={200}><Loader aria-label="Loading" /></Center>;
  if (line.isError || steps.isError) return <ActionAlert error={line.error ?? steps.error} title="This call plan could not be loaded" />;
  const phone = line.data.phone;
  const list = steps.data;

  return (
    <Paper withBorder radius="md" p="md" className="call-plan">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} size="h3">{phone.description}</Title>
          <Text c="dimmed" size="sm">{phone.phoneNumberFormatted} · {phone.locationName}{phone.active ? '' : ' · inactive'}</Text>
          <Text size="sm" mt={4} className="call-plan-summary">{planSummary(phone, list)}.</Text>
        </div>
        {canEdit && <Button leftSection={<IconPlus size={16} />} onClick={() => openModal('add-phone-action')}>Add step</Button>}
      </Group>
      {phone.directRing && phone.bridge && (
        <Alert color="yellow" mb="md" title="Direct ring is on">Calls ring the bridge at once; the steps below are skipped until direct ring is turned off on the phone.</Alert>
      )}
      <Timeline bulletSize={30} lineWidth={2} active={list.length}>
        {list.map((row, i) => {
          const KindIcon = kindIcons[row.kind];
          return (
            <Timeline.Item key={row.actionId} bullet={<KindIcon size={16} />} className="call-plan-step"
              title={
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap="xs">
                    <Text fw={600}>{row.label || phoneActionKindLabels[row.kind]}</Text>
                    <Badge variant="light" size="sm">{phoneActionKindLabels[row.kind]}</Badge>
                  </Group>
                  {canEdit && (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${row.label || row.kind} up`} disabled={i === 0 || move.isPending} onClick={() => move.mutate({ from: i, to: i - 1 })}><IconArrowUp size={16} /></ActionIcon>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${row.label || row.kind} down`} disabled={i === list.length - 1 || move.isPending} onClick={() => move.mutate({ from: i, to: i + 1 })}><IconArrowDown size={16} /></ActionIcon>
                      <PopoutMenu label={`Actions for ${row.label || row.kind}`} items={[
                        { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(row) },
                        { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: () => void askDelete(row) },
                      ]} />
                    </Group>
                  )}
                </Group>
              }>
              <Text size="sm" c="dimmed">{row.summary}</Text>
            </Timeline.Item>
          );
        })}
        <Timeline.Item bullet={phone.bridge ? <IconPhoneCall size={16} /> : <IconPhoneEnd size={16} />} title={<Text fw={600}>{phone.bridge ? 'Bridge' : 'End of the plan'}</Text>}>
          <Text size="sm" c="dimmed">
            {phone.bridge ? `Rings the store's phone system at ${phone.bridgeFormatted}; then the caller hears that nobody is available.` : 'The caller hears that nobody is available.'}
          </Text>
        </Timeline.Item>
      </Timeline>
      {list.length === 0 && <Text size="sm" c="dimmed" mt="sm">No steps yet: calls go straight to the bridge.</Text>}
      <IdModal id="add-phone-action" title={`Add a step to ${phone.description}`} size="lg">
        <StepForm phoneId={phoneId} modalId="add-phone-action" />
      </IdModal>
      <RecordModal id="edit-phone-action" title="Edit step" size="lg" recordKey={[editing?.actionId]}
        load={() => callAction<{ action: PhoneActionRecord }>('phones/actions/load-action', { actionId: editing?.actionId })}>
        {({ action }) => <StepForm phoneId={phoneId} step={action} modalId="edit-phone-action" />}
      </RecordModal>
    </Paper>
  );
}

interface LineRow { phoneId: number; description: string; phoneNumber: string; locationName: string; phoneTypeLabel: string; active: boolean }
const lineColumns = phoneColumns.filter((c) => ['description', 'phoneNumber', 'locationName', 'phoneTypeLabel', 'active'].includes(c.key));

/** phone-action-manager: what a call to each line does, step by step; pick a line to see and change its plan. */
export default function PhoneActionManager() {
  const locations = useLocationOptions();
  const [params, setParams] = useSearchParams();
  const locationId = Number(params.get('locationId')) || undefined;
  const filters = [
    { name: 'locationId', label: 'Location', kind: 'select' as const, data: locationSelectData(locations.data) },
    { name: 'phoneId', label: 'Line', kind: 'remote' as const, source: lineSource(locationId ? { locationId } : {}) },
  ];
  const choose = (row: LineRow) => setParams((p) => {
    p.set('phoneId', String(row.phoneId));
    return p;
  });
  return (
    <FilteredScreen className="phone-action-manager" title="Call plans" filters={filters} updateUrl>
      {(applied) => (applied.phoneId
        ? <LinePlan key={applied.phoneId} phoneId={Number(applied.phoneId)} />
        : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">Choose a line to see what a call to it does, step by step.</Text>
            <PagedList<LineRow>
              action="phones/load-phones"
              params={{ locationId: applied.locationId }}
              columns={lineColumns}
              noun={['line', 'lines']}
              rowKey={(row) => row.phoneId}
              rowLabel={(row) => row.description}
              onRowClick={choose}
            />
          </Stack>
        ))}
    </FilteredScreen>
  );
}
