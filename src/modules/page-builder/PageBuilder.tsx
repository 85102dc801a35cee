import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCopy,
  IconDeviceFloppy,
  IconExternalLink,
  IconPlus,
} from '@tabler/icons-react';
import { callAction, errorMessage, isActionError, networkMessage } from '../../web/api';
import { OpenedEditor } from '../../web/ui/AutosaveEditor';
import { useLocationOptions, locationSelectData } from '../../web/options/locationOptions';
import { showAlert } from '../../web/ui/modals';
import { notify, notifySuccess } from '../../web/ui/notify';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { reloadActions, useActionQuery } from '../../web/ui/useActionQuery';
import { randomId } from '../../shared/format';
import { describeIssues } from '../../shared/validation';
import { loadUploads } from '../cdn/cdn.contract';
import { startHistory, record, redo, undo } from './history';
import { ModuleEditor, type ImageChoice } from './ModuleEditor';
import {
  loadPage,
  loadPages,
  moduleTypes,
  PAGE_SAVE_FAILED,
  PAGE_SAVED,
  PREVIEW_PATH,
  PREVIEW_WIDTHS,
  PUBLIC_PAGE_PATH,
  savePage,
  savePageInput,
  type ModuleType,
  type PageModule,
  type PageRecord,
  type PreviewWidth,
  type Theme,
} from './page-builder.contract';

/** A pause in typing this long saves the page (seed 000: every change of the options saves). */
const AUTOSAVE_MS = 800;

interface Doc {
  options: { locationId: string; title: string; slug: string; description: string; theme: Theme; published: boolean };
  modules: PageModule[];
}

const blank: Record<ModuleType, (id: string) => PageModule> = {
  hero: (id) => ({ id, type: 'hero', heading: 'A new headline' }),
  text: (id) => ({ id, type: 'text', body: 'Say what the offer is.' }),
  image: (id) => ({ id, type: 'image', image: '', alt: '' }),
  button: (id) => ({ id, type: 'button', label: 'See the inventory', link: '/inventory' }),
};

const docOf = (page?: PageRecord): Doc => ({
  options: {
    locationId: page ? String(page.locationId) : '',
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    description: page?.description ?? '',
    theme: page?.theme ?? 'light',
    published: page?.published ?? false,
  },
  modules: page?.modules ?? [],
});

/** The images of the CDN a module may show: active uploads within reach. */
function useImageChoices(): ImageChoice[] {
  const uploads = useActionQuery(loadUploads, { active: '1', view: 'rows', limit: 200 }, { staleTime: 60_000 });
  return (uploads.data?.rows ?? [])
    .filter((u) => u.contentType.startsWith('image/'))
    .map((u) => ({ value: u.url, label: u.description || u.filename }));
}

/**
 * The saves of one builder: one at a time. A change while a save is under way waits for it and is
 * saved after it (the save it makes is the latest state); a change cancels the autosave still waiting
 * for typing to pause. Each save names the version it builds on, so a second window's save is refused.
 */
function useSaver(initial: PageRecord | undefined, latest: () => Doc, onSaved: (slug: string) => void) {
  const [, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const page = useRef({ pageId: initial?.pageId, version: initial?.version });
  const busy = useRef(false);
  const again = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const [state, setState] = useState<'saved' | 'saving' | 'unsaved' | 'failed'>('saved');
  const [refresh, setRefresh] = useState(randomId());
  const [pageId, setPageId] = useState(initial?.pageId);

  const save = async (explicit: boolean, clone = false): Promise<void> => {
    window.clearTimeout(timer.current);
    if (busy.current) {
      again.current = true;
      return;
    }
    const doc = latest();
    const input = { ...doc.options, modules: doc.modules, ...page.current, clone };
    const checked = savePageInput.safeParse(input);
    if (!checked.success) {
      setState('unsaved');
      if (explicit) showAlert(PAGE_SAVE_FAILED + describeIssues(checked.error, savePageInput).sentences[0]);
      return;
    }
    busy.current = true;
    setState('saving');
    try {
      const reply = await callAction(savePage, input);
      const first = page.current.pageId !== reply.pageId;
      page.current = { pageId: reply.pageId, version: reply.version };
      if (first) setParams({ page: String(reply.pageId) }, { replace: true });
      setPageId(reply.pageId);
      void reloadActions(queryClient, loadPages);
      onSaved(reply.slug);
      setRefresh(randomId());
      setState('saved');
      if (explicit) notifySuccess(PAGE_SAVED);
    } catch (error) {
      setState('failed');
      if (isActionError(error) && error.network)
        notify({ type: 'error', title: PAGE_SAVE_FAILED.trim(), message: networkMessage(error) });
      else showAlert(PAGE_SAVE_FAILED + errorMessage(error));
    } finally {
      busy.current = false;
      if (again.current) {
        again.current = false;
        void save(false);
      }
    }
  };
  const changed = () => {
    setState('unsaved');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(false), AUTOSAVE_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { save, changed, state, refresh, pageId };
}

function Preview({ pageId, refresh }: { pageId?: number; refresh: string }) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Preview
        </Title>
        <SegmentedControl
          size="xs"
          aria-label="Preview width"
          value={width}
          onChange={(v) => setWidth(v as PreviewWidth)}
          data={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'tablet', label: 'Tablet' },
            { value: 'phone', label: 'Phone' },
          ]}
        />
      </Group>
      <Paper withBorder style={{ overflow: 'auto', background: 'var(--mantine-color-gray-1)' }}>
        {pageId ? (
          <iframe
            className="page-preview"
            title="Page preview"
            src={`${PREVIEW_PATH}?page=${pageId}&refresh=${refresh}`}
            style={{
              display: 'block',
              border: 0,
              width: PREVIEW_WIDTHS[width],
              maxWidth: width === 'desktop' ? '100%' : undefined,
              height: 640,
              margin: '0 auto',
              background: '#fff',
            }}
          />
        ) : (
          <Text p="xl" c="dimmed" ta="center">
            The preview appears once the page has a title, an address and a store, and is saved.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

function Builder({ initial }: { initial?: PageRecord }) {
  const [history, setHistory] = useState(() => startHistory(docOf(initial)));
  // What the next save sends: set by each change at once, and by undo and redo.
  const latest = useRef(history.present);
  useEffect(() => {
    latest.current = history.present;
  }, [history.present]);
  const saver = useSaver(
    initial,
    () => latest.current,
    (slug) => {
      // A copy may get another address (-copy): the form shows the one saved.
      if (slug !== latest.current.options.slug)
        setHistory((h) => ({ ...h, present: { ...h.present, options: { ...h.present.options, slug } } }));
    },
  );
  const locations = useLocationOptions();
  const images = useImageChoices();
  const doc = history.present;
  const change = (next: Doc, key: string) => {
    latest.current = next;
    setHistory((h) => record(h, next, key));
    saver.changed();
  };
  const option = <K extends keyof Doc['options']>(name: K, value: Doc['options'][K]) =>
    change({ ...doc, options: { ...doc.options, [name]: value } }, `option-${name}`);
  const step = (move: typeof undo) => {
    setHistory((h) => {
      const next = move(h);
      latest.current = next.present;
      return next;
    });
    saver.changed();
  };
  useHotkeys([
    ['mod+Z', () => step(undo)],
    ['mod+shift+Z', () => step(redo)],
  ]);
  const busy = saver.state === 'saving';
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack>
          <Group gap="xs">
            <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => void saver.save(true)} loading={busy}>
              Save
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} />}
              disabled={history.past.length === 0}
              onClick={() => step(undo)}
            >
              Undo
            </Button>
            <Button
              variant="default"
              leftSection={<IconArrowForwardUp size={16} />}
              disabled={history.future.length === 0}
              onClick={() => step(redo)}
            >
              Redo
            </Button>
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              disabled={!saver.pageId || busy}
              onClick={() => void saver.save(true, true)}
            >
              Clone
            </Button>
            <Badge
              className="save-state"
              variant="light"
              color={{ saved: 'teal', saving: 'blue', unsaved: 'gray', failed: 'red' }[saver.state]}
            >
              {{ saved: 'Saved', saving: 'Saving…', unsaved: 'Unsaved changes', failed: 'Not saved' }[saver.state]}
            </Badge>
          </Group>
          <Paper
            withBorder
            p="md"
            component="form"
            className="page-options"
            onSubmit={(e) => e.preventDefault()}
            aria-label="Page options"
          >
            <Stack gap="xs">
              <TextInput
                label="Title"
                required
                value={doc.options.title}
                onChange={(e) => option('title', e.currentTarget.value)}
              />
              <TextInput
                label="Address"
                required
                description={`Served at ${PUBLIC_PAGE_PATH}/${doc.options.slug || '…'} once published`}
                value={doc.options.slug}
                onChange={(e) => option('slug', e.currentTarget.value)}
              />
              <SearchableSelect
                label="Location"
                required
                data={locationSelectData(locations.data)}
                value={doc.options.locationId || null}
                onChange={(v) => option('locationId', v ?? '')}
              />
              <Textarea
                label="Description"
                description="For search engines and link previews"
                autosize
                value={doc.options.description}
                onChange={(e) => option('description', e.currentTarget.value)}
              />
              <SegmentedControl
                aria-label="Theme"
                value={doc.options.theme}
                onChange={(v) => option('theme', v as Theme)}
                data={[
                  { value: 'light', label: 'Light' },
                  { value: 'dark', label: 'Dark' },
                ]}
              />
              <Checkbox
                label="Published"
                description="Anyone with the address can see it"
                checked={doc.options.published}
                onChange={(e) => option('published', e.currentTarget.checked)}
              />
              {doc.options.published && saver.pageId && saver.state === 'saved' && (
                <Anchor href={`${PUBLIC_PAGE_PATH}/${doc.options.slug}`} target="_blank" rel="noopener" size="sm">
                  <IconExternalLink size={14} /> Open the published page
                </Anchor>
              )}
            </Stack>
          </Paper>
          <Title order={3} size="h4">
            Modules
          </Title>
          <ModuleEditor
            modules={doc.modules}
            images={images}
            onChange={(modules, key) => change({ ...doc, modules }, key)}
          />
          <Group gap="xs">
            {(Object.keys(moduleTypes) as ModuleType[]).map((type) => (
              <Button
                key={type}
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  change({ ...doc, modules: [...doc.modules, blank[type](randomId())] }, `add-${randomId()}`)
                }
              >
                {moduleTypes[type]}
              </Button>
            ))}
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Preview pageId={saver.pageId} refresh={saver.refresh} />
      </Grid.Col>
    </Grid>
  );
}

/** page-builder: a landing page's options and modules, saved as they change, beside its live preview. */
export default function PageBuilder() {
  return (
    <OpenedEditor
      contract={loadPage}
      input={(pageId) => ({ pageId })}
      record={(reply) => reply.page}
      param="page"
      className="page-builder"
      noun="page"
    >
      {(page) => (
        <Stack className="page-builder">
          <Title order={2}>{page ? `Page builder: ${page.title}` : 'New landing page'}</Title>
          <Builder initial={page} />
        </Stack>
      )}
    </OpenedEditor>
  );
}
