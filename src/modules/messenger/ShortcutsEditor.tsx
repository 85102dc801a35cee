import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCloudUpload, IconPlus, IconRefresh } from '@tabler/icons-react';
import { callAction } from '../../web/api';
import { useCan, useSignedIn } from '../../web/shell/session';
import { DataTable } from '../../web/ui/DataTable';
import { confirm } from '../../web/ui/modals';
import { PagedList } from '../../web/ui/PagedList';
import { RecordForm, useRecordModal, useRecordModals, useRowActions } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatCount, formatDateTime } from '../../shared/format';
import type { ColumnSpec } from '../../shared/lists';
import type { RowOf } from '../../shared/contract';
import { loadShortcodes } from '../locations/locations.contract';
import {
  addShortcut,
  deleteShortcut,
  deploy,
  deploymentColumns,
  loadDeployment,
  loadDeployments,
  loadDeployStatus,
  loadShortcuts,
  redeploy,
  saveShortcut,
  type DeployState,
  type DeploymentOut,
  type DraftShortcut,
  type StoreStatus,
} from './messenger.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

/**
 * messenger-shortcuts (docs/messenger.md, "Deploying a store's messenger"): the group's and each
 * store's draft shortcuts, where each store stands against its live version, Deploy and Redeploy
 * behind a confirm dialog (seed 001, section 5), and the history of deploys.
 */

// Every change reloads the drafts, where each store stands and the history of deploys.
const RELOAD = [loadShortcuts, loadDeployStatus, loadDeployments];

const stateColors: Record<DeployState, string> = { never: 'red', draft: 'orange', details: 'yellow', live: 'green' };

const storeColumns: ColumnSpec[] = [
  { key: 'locationName', label: 'Location' },
  { key: 'stateLabel', label: 'State' },
  { key: 'version', label: 'Live version', format: 'number' },
  { key: 'deployedAt', label: 'Deployed', format: 'datetime' },
  { key: 'deployedBy', label: 'By' },
  { key: 'buttons', label: '' },
];

const storeName = (s: StoreStatus) => `${s.locationName} (${s.locationCode})`;
const listed = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
const deployedText = (done: DeploymentOut[]) =>
  done.length === 1
    ? `${done[0].locationName}: version ${done[0].version} is live with ${formatCount(done[0].shortcutCount, 'shortcut')}.`
    : `${formatCount(done.length, 'store')} deployed: ${listed(done.map((d) => `${d.locationName} (version ${d.version})`))}.`;

/** Deploy and Redeploy, each asking first what will happen (seed 001: a deployment needs a confirm dialog). */
function useDeploys() {
  const options = {
    errors: 'alert' as const,
    reload: RELOAD,
    success: (data: { deployments: DeploymentOut[] }) => deployedText(data.deployments),
    successMs: 6000,
  };
  const deploying = useAction(deploy, options);
  const redeploying = useAction(redeploy, options);
  return {
    pending: deploying.isPending || redeploying.isPending,
    deploy: async (store: StoreStatus) => {
      const next = (store.version ?? 0) + 1;
      const yes = await confirm({
        title: `Deploy ${store.locationName}?`,
        message: `Deploy ${formatCount(store.draftCount, 'shortcut')} to ${store.locationName}? They go live at once as version ${next}, filled with the store's details as they are now: autopilot and the shortcut menu answer with them from then on.`,
        confirmLabel: 'Deploy',
      });
      if (yes) deploying.mutate({ locationId: store.locationId });
    },
    redeploy: async (store: StoreStatus) => {
      const yes = await confirm({
        title: `Redeploy ${store.locationName}?`,
        message: `Redeploy version ${store.version} to ${store.locationName}? Its ${formatCount(store.liveCount, 'live shortcut')} are filled again with the store's name, phone, address and hours as they are now, as version ${(store.version ?? 0) + 1}. Draft changes are not included.`,
        confirmLabel: 'Redeploy',
      });
      if (yes) redeploying.mutate({ locationId: store.locationId });
    },
    deployAll: async (stores: StoreStatus[]) => {
      const yes = await confirm({
        title: 'Deploy every change?',
        message: `Deploy the draft changes of ${formatCount(stores.length, 'store')}: ${listed(stores.map((s) => s.locationName))}? Each goes live at once as its next version.`,
        confirmLabel: `Deploy ${formatCount(stores.length, 'store')}`,
      });
      if (yes) deploying.mutate({ locationIds: stores.map((s) => s.locationId) });
    },
  };
}

type FormValues = { shortcut: string; message: string; keywords: string[] };

/** A shortcut's form: name, message with the shortcodes a click puts in at the cursor, keywords. */
function ShortcutForm({
  locationId,
  exampleId,
  record,
  template,
  done,
}: {
  locationId: number | null;
  exampleId: number | null;
  record?: DraftShortcut;
  template?: DraftShortcut;
  done: () => void;
}) {
  const from = record ?? template;
  const initialValues: FormValues = {
    shortcut: from?.shortcut ?? '',
    message: from?.message ?? '',
    keywords: from?.keywords ?? [],
  };
  const form = useContractForm(record ? saveShortcut : addShortcut, {
    initialValues,
    toInput: (v: FormValues) =>
      record ? { shortcutId: record.shortcutId, ...v } : { ...(locationId ? { locationId } : {}), ...v },
    success: record
      ? 'Shortcut saved. Customers get it when the store is deployed.'
      : 'Shortcut added. Customers get it when the store is deployed.',
    reload: RELOAD,
    onSuccess: done,
  });
  const shown = locationId ?? exampleId;
  const codes = useActionQuery(
    loadShortcodes,
    { locationId: shown ?? 0 },
    { enabled: shown !== null, staleTime: 60_000 },
  );
  const message = useRef<HTMLTextAreaElement>(null);
  const insert = (code: string) => {
    const box = message.current;
    const text = form.values.message;
    const [start, end] = box ? [box.selectionStart, box.selectionEnd] : [text.length, text.length];
    form.form.setFieldValue('message', text.slice(0, start) + code + text.slice(end));
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + code.length, start + code.length);
    });
  };
  return (
    <RecordForm
      form={form}
      failTitle="The shortcut was not saved"
      submitLabel={record ? 'Save shortcut' : 'Add shortcut'}
      onCancel={done}
    >
      <TextInput
        {...form.field('shortcut')}
        description="What staff pick it by in a conversation, such as hours or trade-in"
        data-autofocus
      />
      <Textarea
        {...form.field('message')}
        ref={message}
        autosize
        minRows={3}
        maxRows={10}
        description="Shortcodes are filled with the store's details when it is deployed"
      />
      {codes.data && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="shortcode-help">
            Put in a shortcode{locationId ? '' : " (the values shown are one store's)"}
          </Text>
          <Group gap={6} role="group" aria-labelledby="shortcode-help">
            {codes.data.shortcodes.map((c) => (
              <UnstyledButton
                key={c.shortcode}
                onClick={() => insert(c.shortcode)}
                title={`${c.label}: ${c.value || '(none)'}`}
                aria-label={`Put in ${c.shortcode}, ${c.label}: ${c.value || 'none'}`}
              >
                <Badge variant="light" tt="none" style={{ cursor: 'pointer' }}>
                  {c.shortcode}
                </Badge>
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
      )}
      <TagsInput
        {...form.field('keywords')}
        splitChars={[',', ' ']}
        clearable
        description="Words in a customer's text that make autopilot answer with this shortcut; none: only staff use it"
      />
    </RecordForm>
  );
}

/** What one deploy published, as customers got it. */
function DeploymentView({ deploymentId }: { deploymentId: number }) {
  const { data } = useActionQuery(loadDeployment, { deploymentId });
  if (!data) return null;
  const d = data.deployment;
  return (
    <Stack>
      <Text size="sm">
        {d.kind === 'redeploy' ? 'Redeployed' : 'Deployed'} {formatDateTime(d.deployedAt)}
        {d.deployedBy ? ` by ${d.deployedBy}` : ''}: {formatCount(d.shortcutCount, 'shortcut')}.
      </Text>
      <DataTable
        label="Shortcuts published"
        rowKey={(s) => s.shortcut}
        rows={d.shortcuts}
        columns={[
          { key: 'shortcut', label: 'Shortcut' },
          { key: 'message', label: 'Message' },
          { key: 'keywords', label: 'Keywords' },
        ]}
        cells={{ keywords: (s) => s.keywords.join(', ') || '—' }}
      />
    </Stack>
  );
}

export default function ShortcutsEditor() {
  const { user } = useSignedIn();
  const canDeploy = useCan('messengerDeploy');
  const [params, setParams] = useSearchParams();
  const locationId = Number(params.get('locationId')) || null;
  const [template, setTemplate] = useState<DraftShortcut | undefined>();

  const status = useActionQuery(loadDeployStatus);
  const stores = status.data?.stores ?? [];
  const store = stores.find((s) => s.locationId === locationId);
  const drafts = useActionQuery(loadShortcuts, locationId ? { locationId } : {});
  const scopeName = locationId ? (store?.locationName ?? 'the store') : 'the group';
  // The group's shortcuts are every store's: only a group-wide user changes them.
  const editable = locationId !== null || user.reach === 'group';
  const deploys = useDeploys();
  const changed = stores.filter((s) => s.state === 'never' || s.draftChanged);

  const load = async (shortcutId: number) => {
    const found = (await callAction(loadShortcuts, locationId ? { locationId } : {})).shortcuts.find(
      (s) => s.shortcutId === shortcutId,
    );
    if (!found) throw new Error('That shortcut does not exist.');
    return found;
  };
  const formFor = (record: DraftShortcut | undefined, done: () => void) => (
    <ShortcutForm
      locationId={locationId}
      exampleId={stores[0]?.locationId ?? null}
      record={record}
      template={record ? undefined : template}
      done={done}
    />
  );
  const records = useRecordModals({
    addId: 'add-shortcut',
    editId: 'edit-shortcut',
    size: 'lg',
    addTitle: template ? `Customize ${template.shortcut} for ${scopeName}` : `Add a shortcut to ${scopeName}`,
    editTitle: () => `Edit a shortcut of ${scopeName}`,
    load,
    form: formFor,
  });
  const add = (from?: DraftShortcut) => {
    setTemplate(from);
    records.add();
  };
  const rowActions = useRowActions(deleteShortcut, {
    edit: (row: DraftShortcut) => records.edit(row.shortcutId),
    question: (row) =>
      `Delete the shortcut ${row.shortcut} of ${scopeName}? Customers keep getting it until ${locationId ? 'the store is' : 'each store is'} deployed again.`,
    input: (row) => ({ shortcutId: row.shortcutId }),
    success: 'Shortcut deleted. Customers stop getting it when the store is deployed.',
    reload: RELOAD,
  });
  const viewing = useRecordModal({
    id: 'deployment',
    size: 'xl',
    title: (row: RowOf<typeof loadDeployments>) => `${row.locationName}, version ${row.version}`,
    load: async (row) => row,
    form: (row) => <DeploymentView deploymentId={row.deploymentId} />,
  });

  const scopeData = [
    { value: '', label: "The group (every store's defaults)" },
    ...stores.map((s) => ({ value: String(s.locationId), label: storeName(s) })),
  ];
  const inherited = (row: DraftShortcut) => locationId !== null && row.inherited;
  const shortcutColumns: ColumnSpec[] = [
    { key: 'shortcut', label: 'Shortcut' },
    { key: 'preview', label: locationId ? 'Message, as customers will get it' : 'Message' },
    { key: 'keywords', label: 'Keywords' },
    ...(locationId ? [{ key: 'source', label: 'Whose' }] : []),
  ];

  return (
    <div className="messenger-shortcuts">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            Messenger shortcuts
          </Title>
          <Group gap="xs" className="screen-toolbar">
            {editable && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => add()}>
                Add shortcut
              </Button>
            )}
            {canDeploy && (
              <Button
                variant="default"
                leftSection={<IconCloudUpload size={16} />}
                disabled={changed.length === 0 || deploys.pending}
                onClick={() => void deploys.deployAll(changed)}
              >
                Deploy every change{changed.length ? ` (${changed.length})` : ''}
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" maw={760}>
          Shortcuts are drafts until a store is deployed: autopilot and the conversation&apos;s shortcut menu answer
          with the store&apos;s deployed version. Redeploy after a store&apos;s name, phone, address or hours change.
        </Text>

        <Title order={2} size="h3">
          Stores
        </Title>
        {status.isError && (
          <Alert color="red" title="The stores could not be loaded">
            Try Refresh in a moment.
          </Alert>
        )}
        <DataTable<StoreStatus>
          // A search over the rows: a store by name, or "draft" for those with changes to deploy.
          label="Stores"
          columns={storeColumns}
          rows={stores}
          rowKey={(s) => s.locationId}
          rowLabel={storeName}
          searchable
          emptyText={status.isPending ? 'Loading the stores…' : 'No store within your reach.'}
          cells={{
            locationName: (s) => (
              <Anchor
                component={Link}
                to={`?locationId=${s.locationId}`}
                aria-current={s.locationId === locationId || undefined}
              >
                {storeName(s)}
              </Anchor>
            ),
            stateLabel: (s) => (
              <Badge variant="light" color={stateColors[s.state]} tt="none">
                {s.stateLabel}
              </Badge>
            ),
            version: (s) => (s.version ? `Version ${s.version} · ${formatCount(s.liveCount, 'shortcut')}` : '—'),
            deployedAt: (s) => (s.deployedAt ? formatDateTime(s.deployedAt) : '—'),
            deployedBy: (s) => s.deployedBy ?? '—',
            buttons: (s) =>
              canDeploy && (
                <Group gap={6} wrap="nowrap">
                  <Button
                    size="xs"
                    disabled={s.state === 'live' || s.draftCount === 0 || deploys.pending}
                    onClick={() => void deploys.deploy(s)}
                    aria-label={`Deploy ${s.locationName}`}
                  >
                    Deploy
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    disabled={!s.detailsChanged || deploys.pending}
                    onClick={() => void deploys.redeploy(s)}
                    aria-label={`Redeploy ${s.locationName}`}
                  >
                    Redeploy
                  </Button>
                </Group>
              ),
          }}
        />

        <Group justify="space-between" align="flex-end" mt="md">
          <Title order={2} size="h3">
            Shortcuts of {scopeName}
          </Title>
          <Select
            label="Shortcuts of"
            data={scopeData}
            value={locationId ? String(locationId) : ''}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 320 }}
            onChange={(v) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                if (v) next.set('locationId', v);
                else next.delete('locationId');
                return next;
              })
            }
          />
        </Group>
        {store && (
          <Group gap="xs">
            <Badge variant="light" color={stateColors[store.state]} tt="none">
              {store.stateLabel}
            </Badge>
            <Text size="sm">
              {store.version
                ? `Version ${store.version} is live, deployed ${formatDateTime(store.deployedAt)}${store.deployedBy ? ` by ${store.deployedBy}` : ''}.`
                : 'Autopilot does not answer until the store is deployed.'}
            </Text>
          </Group>
        )}
        {!editable && (
          <Text size="sm" c="dimmed">
            The group&apos;s shortcuts are changed by group-wide users; a store may have its own of the same name.
          </Text>
        )}
        <DataTable<DraftShortcut>
          label={`Shortcuts of ${scopeName}`}
          columns={shortcutColumns}
          rows={drafts.data?.shortcuts ?? []}
          rowKey={(s) => s.shortcutId}
          rowLabel={(s) => s.shortcut}
          emptyText={drafts.isPending ? 'Loading the shortcuts…' : 'No shortcuts yet: add one.'}
          onRowClick={editable ? (row) => (inherited(row) ? add(row) : records.edit(row.shortcutId)) : undefined}
          rowActions={
            editable
              ? (row) =>
                  inherited(row)
                    ? [{ label: `Customize for ${scopeName}`, icon: <IconPlus size={16} />, onClick: () => add(row) }]
                    : rowActions(row)
              : undefined
          }
          cells={{
            preview: (s) => (
              <Text size="sm" maw={480}>
                {s.preview}
              </Text>
            ),
            keywords: (s) => s.keywords.join(', ') || '—',
            source: (s) =>
              s.inherited ? (
                <Badge variant="light" color="gray" tt="none">
                  Group default
                </Badge>
              ) : (
                <Badge variant="light" tt="none">
                  This store&apos;s
                </Badge>
              ),
          }}
        />

        <Title order={2} size="h3" mt="md">
          Deploys{store ? ` of ${store.locationName}` : ''}
        </Title>
        <PagedList<RowOf<typeof loadDeployments>>
          action={loadDeployments}
          params={locationId ? { locationId } : {}}
          columns={deploymentColumns}
          noun={['deploy', 'deploys']}
          pageSize={25}
          rowKey={(r) => r.deploymentId}
          rowLabel={(r) => `${r.locationName}, version ${r.version}`}
          onRowClick={(r) => viewing.open(r)}
          cells={{ deployedBy: (r) => r.deployedBy ?? '—' }}
          emptyText="Nothing deployed yet."
        />
      </Stack>
      {records.modals}
      {viewing.modal}
    </div>
  );
}
