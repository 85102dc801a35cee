import {
  Alert,
  Badge,
  Button,
  Card,
  ColorInput,
  CopyButton,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCode, IconDeviceDesktop, IconDeviceMobile, IconMail, IconTags } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callAction, errorMessage, isActionError } from '../../web/api';
import { useLocationOptions } from '../../web/options/locationOptions';
import { IdModal, openModal, showAlert } from '../../web/ui/modals';
import { notify } from '../../web/ui/notify';
import { AutosaveStatus, OpenedEditor } from '../../web/ui/AutosaveEditor';
import { useAutosave } from '../../web/ui/useAutosave';
import { AddPieceMenu, newPiece, PieceCard, toEditPiece, unkeyed, keyed, type EditPiece } from './BuilderPieces';
import { InventoryImport, PlanImport, replaceAsked, ShortcodesDialog, TestSendForm } from './BuilderDialogs';
import {
  convertHtml,
  GMAIL_CLIP_BYTES,
  loadTemplate,
  loadTemplates,
  PREVIEW_DELAY_MS,
  RENDER_PATH,
  SAVE_FAILED,
  saveTemplate,
  THEME_TYPES,
  type Template,
  type TemplateOptions,
} from './email-builder.contract';
import { Sortable } from './Sortable';

interface Draft {
  options: TemplateOptions;
  pieces: EditPiece[];
}
const blank: TemplateOptions = {
  name: 'New template',
  locationId: 0,
  locked: false,
  promoScript: false,
  showLocationHeader: true,
  xtime: false,
  autoloop: false,
  themeType: 'light',
  inventoryUrlType: 'location',
  serviceUrlType: 'location',
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** email-template-builder: `?templateId=` edits one (`&clone=true` a copy of it); without it, a new template. */
export default function EmailBuilder() {
  return (
    <OpenedEditor
      contract={loadTemplate}
      input={(templateId) => ({ templateId })}
      record={(reply) => reply.template}
      param="templateId"
      className="email-template-builder"
      noun="template"
    >
      {(template, opened) => (
        <Builder
          template={
            template && opened.clone ? { ...template, name: `Copy of ${template.name}`, locked: false } : template
          }
          existing={opened.clone ? null : opened.id}
        />
      )}
    </OpenedEditor>
  );
}

function Builder({ template, existing }: { template?: Template; existing: number | null }) {
  const [, setParams] = useSearchParams();
  const locations = useLocationOptions();
  const [draft, setDraft] = useState<Draft>(() => ({
    options: template ? { ...blank, ...template } : blank,
    pieces: (template?.pieces ?? []).map(toEditPiece),
  }));
  const id = useRef(existing);
  const [savedId, setSavedId] = useState(existing);
  const [refresh, setRefresh] = useState(0);
  const [width, setWidth] = useState('desktop');
  const [size, setSize] = useState<number | null>(null);
  const storeOptions = locations.data?.locations ?? [];
  const locationId =
    draft.options.locationId || storeOptions.find((l) => l.code === locations.data?.defaultCode)?.id || 0;
  const storeName = storeOptions.find((l) => l.id === locationId)?.name ?? '';

  const autosave = useAutosave({
    reload: [loadTemplates],
    created: () => id.current !== null,
    save: (value: Draft, revision, signal) =>
      callAction(
        saveTemplate,
        {
          ...value.options,
          locationId: value.options.locationId || locationId,
          templateId: id.current ?? undefined,
          clone: false,
          revision,
          pieces: unkeyed(value.pieces),
        },
        undefined,
        signal,
      ),
    onSaved: (reply) => {
      if (id.current === null) {
        id.current = reply.templateId;
        setSavedId(reply.templateId);
        setParams({ templateId: String(reply.templateId) }, { replace: true });
      }
      setRefresh((r) => r + 1);
    },
    onError: (error) => {
      if (isActionError(error) && error.errors[0])
        showAlert(SAVE_FAILED + error.errors[0], 'The template was not saved');
      else if (isActionError(error))
        notify({
          type: 'error',
          title: `${error.status} ${error.statusText}`.trim(),
          message: SAVE_FAILED + errorMessage(error),
          duration: 6000,
        });
    },
  });
  const change = (next: Draft, delay?: number) => {
    setDraft(next);
    autosave.change(next, delay);
  };
  const option = <K extends keyof TemplateOptions>(key: K, value: TemplateOptions[K], delay = 0) =>
    change({ ...draft, options: { ...draft.options, [key]: value } }, delay);
  const setPiece = (key: string, next: EditPiece, delay?: number) =>
    change({ ...draft, pieces: draft.pieces.map((p) => (p.key === key ? next : p)) }, delay);
  const locked = draft.options.locked;

  const compile = async () => {
    if (!savedId) return;
    try {
      const { filesize } = await callAction(convertHtml, { templateId: savedId });
      setSize(filesize);
    } catch (error) {
      showAlert(errorMessage(error), 'The email was not compiled');
    }
  };
  const preview = savedId ? `${RENDER_PATH}?templateId=${savedId}&refresh=${refresh}` : '';
  const shareLink = savedId ? `${window.location.origin}${RENDER_PATH}?templateId=${savedId}` : '';

  const imports = (piece: EditPiece) => {
    const replace = (field: 'vehicles' | 'coupons') => async (items: unknown[]) => {
      if (!(await replaceAsked(piece[field].length, field))) return;
      setPiece(piece.key, { ...piece, [field]: items.map(keyed) } as EditPiece, 0);
    };
    if (locked || !locationId) return undefined;
    if (piece.type === 'vehicles')
      return (
        <Group gap="xs">
          <PlanImport kind="vehicles" location={locationId} onImport={replace('vehicles')} />
          <InventoryImport locationId={locationId} onImport={replace('vehicles')} />
        </Group>
      );
    if (piece.type === 'coupons')
      return (
        <Group gap="xs">
          <PlanImport kind="coupons" location={locationId} onImport={replace('coupons')} />
        </Group>
      );
    return undefined;
  };

  return (
    <div className="email-template-builder">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {draft.options.name || 'Email template'}
          </Title>
          <Group gap="xs">
            <AutosaveStatus state={autosave.state} />
            <Button variant="default" component={Link} to="/marketing/email-builder/">
              All templates
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <div style={{ minWidth: 0 }}>
            <Stack gap="md">
              <Card withBorder className="template-options">
                <Title order={2} size="h4" mb="xs">
                  Options
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <TextInput
                    label="Name"
                    value={draft.options.name}
                    onChange={(e) => option('name', e.currentTarget.value, 800)}
                    disabled={locked}
                  />
                  <Select
                    label="Location"
                    data={storeOptions.map((l) => ({ value: String(l.id), label: `${l.name} (${l.code})` }))}
                    value={locationId ? String(locationId) : null}
                    onChange={(v) => v && option('locationId', Number(v))}
                    disabled={locked}
                    searchable
                  />
                  <Select
                    label="Theme"
                    data={THEME_TYPES.map((t) => ({ value: t, label: t[0].toUpperCase() + t.slice(1) }))}
                    value={draft.options.themeType}
                    onChange={(v) => v && option('themeType', v as TemplateOptions['themeType'])}
                    disabled={locked}
                  />
                  {draft.options.themeType === 'custom' && (
                    <ColorInput
                      label="Custom theme colour"
                      format="hex"
                      value={draft.options.customTheme ?? ''}
                      onChange={(v) => option('customTheme', v || undefined, PREVIEW_DELAY_MS)}
                      disabled={locked}
                    />
                  )}
                  <Select
                    label="Inventory link"
                    data={[
                      { value: 'location', label: "The store's site" },
                      { value: 'custom', label: 'Custom' },
                    ]}
                    value={draft.options.inventoryUrlType}
                    onChange={(v) => v && option('inventoryUrlType', v as 'location' | 'custom')}
                    disabled={locked}
                  />
                  {draft.options.inventoryUrlType === 'custom' && (
                    <TextInput
                      label="Custom inventory URL"
                      value={draft.options.customInventoryUrl ?? ''}
                      onChange={(e) => option('customInventoryUrl', e.currentTarget.value || undefined, 800)}
                      disabled={locked}
                    />
                  )}
                  <Select
                    label="Service link"
                    data={[
                      { value: 'location', label: "The store's scheduling page" },
                      { value: 'custom', label: 'Custom' },
                    ]}
                    value={draft.options.serviceUrlType}
                    onChange={(v) => v && option('serviceUrlType', v as 'location' | 'custom')}
                    disabled={locked}
                  />
                  {draft.options.serviceUrlType === 'custom' && (
                    <TextInput
                      label="Custom service URL"
                      value={draft.options.customServiceUrl ?? ''}
                      onChange={(e) => option('customServiceUrl', e.currentTarget.value || undefined, 800)}
                      disabled={locked}
                    />
                  )}
                </SimpleGrid>
                <Group gap="md" mt="sm">
                  <Switch label="Locked" checked={locked} onChange={(e) => option('locked', e.currentTarget.checked)} />
                  <Switch
                    label="Location header"
                    checked={draft.options.showLocationHeader}
                    onChange={(e) => option('showLocationHeader', e.currentTarget.checked)}
                    disabled={locked}
                  />
                  <Switch
                    label="Promo script"
                    checked={draft.options.promoScript}
                    onChange={(e) => option('promoScript', e.currentTarget.checked)}
                    disabled={locked}
                  />
                  <Switch
                    label="Xtime"
                    checked={draft.options.xtime}
                    onChange={(e) => option('xtime', e.currentTarget.checked)}
                    disabled={locked}
                  />
                  <Switch
                    label="AutoLoop"
                    checked={draft.options.autoloop}
                    onChange={(e) => option('autoloop', e.currentTarget.checked)}
                    disabled={locked}
                  />
                </Group>
              </Card>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  Pieces
                </Title>
                <AddPieceMenu
                  disabled={locked}
                  onAdd={(type) => change({ ...draft, pieces: [...draft.pieces, newPiece(type)] }, 0)}
                />
              </Group>
              {draft.pieces.length === 0 && (
                <Text c="dimmed" size="sm">
                  No pieces yet: add a hero, vehicles from the month's plan, coupons…
                </Text>
              )}
              <Stack gap="xs" className="pieces">
                <Sortable
                  items={draft.pieces}
                  keyOf={(p) => p.key}
                  labelOf={(p) => `Move piece ${p.name ?? p.type}`}
                  onMove={(pieces) => change({ ...draft, pieces }, 0)}
                >
                  {(piece, _i, handle) => (
                    <PieceCard
                      piece={piece}
                      handle={handle}
                      locked={locked}
                      imports={imports(piece)}
                      onChange={(next, delay) => setPiece(piece.key, next, delay)}
                      onDelete={() => change({ ...draft, pieces: draft.pieces.filter((p) => p.key !== piece.key) }, 0)}
                    />
                  )}
                </Sortable>
              </Stack>
            </Stack>
          </div>
          <div style={{ minWidth: 0 }}>
            <Card withBorder className="template-preview">
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  Preview
                </Title>
                <SegmentedControl
                  size="xs"
                  value={width}
                  onChange={setWidth}
                  aria-label="Preview width"
                  data={[
                    {
                      value: 'desktop',
                      label: (
                        <Group gap={4}>
                          <IconDeviceDesktop size={14} />
                          Desktop
                        </Group>
                      ),
                    },
                    {
                      value: 'phone',
                      label: (
                        <Group gap={4}>
                          <IconDeviceMobile size={14} />
                          Phone
                        </Group>
                      ),
                    },
                  ]}
                />
              </Group>
              <Group gap="xs" mb="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconCode size={14} />}
                  disabled={!savedId}
                  onClick={compile}
                >
                  Compile
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconTags size={14} />}
                  disabled={!savedId}
                  onClick={() => openModal('shortcodes')}
                >
                  Shortcodes
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconMail size={14} />}
                  disabled={!savedId}
                  onClick={() => openModal('test-send')}
                >
                  Send test
                </Button>
                {size !== null && (
                  <Badge color={size > GMAIL_CLIP_BYTES ? 'red' : 'teal'} className="email-size">
                    {kb(size)}
                  </Badge>
                )}
              </Group>
              {size !== null && size > GMAIL_CLIP_BYTES && (
                <Alert color="yellow" mb="xs" className="clip-warning">
                  This email is {kb(size)}: Gmail clips messages past 102 KB and hides the rest. Remove pieces or images
                  to keep it whole.
                </Alert>
              )}
              {savedId ? (
                <>
                  <CopyButton value={shareLink}>
                    {({ copied, copy }) => (
                      <TextInput
                        readOnly
                        label="Preview link"
                        value={shareLink}
                        mb="xs"
                        className="preview-link"
                        rightSectionWidth={70}
                        rightSection={
                          <Button size="compact-xs" variant="subtle" onClick={copy}>
                            {copied ? 'Copied' : 'Copy'}
                          </Button>
                        }
                      />
                    )}
                  </CopyButton>
                  <div
                    style={{
                      display: 'flex',
                      justifyContent: 'center',
                      background: 'var(--mantine-color-gray-1)',
                      padding: 8,
                    }}
                  >
                    <iframe
                      title="Email preview"
                      src={preview}
                      sandbox="allow-popups allow-popups-to-escape-sandbox"
                      className={`email-preview preview-${width}`}
                      style={{ width: width === 'phone' ? 375 : '100%', height: 720, border: 0, background: '#fff' }}
                    />
                  </div>
                </>
              ) : (
                <Text c="dimmed" size="sm">
                  The preview appears once the template is first saved: change anything to save it.
                </Text>
              )}
            </Card>
          </div>
        </SimpleGrid>
      </Stack>
      {savedId && (
        <>
          <IdModal id="shortcodes" title="Shortcodes" size="lg">
            <ShortcodesDialog templateId={savedId} />
          </IdModal>
          <IdModal id="test-send" title="Send a test email">
            <TestSendForm
              templateId={savedId}
              name={draft.options.name}
              store={storeName}
              stores={storeOptions.map((l) => l.name)}
            />
          </IdModal>
        </>
      )}
    </div>
  );
}
