/**
 * The module editor: the page's modules as cards, each with its own form, drag-sorted with the mouse,
 * touch or keyboard (dnd-kit: Space to lift, arrows to move, Space to drop); deleting one asks first.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { confirm } from '../../web/ui/modals';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { DELETE_MODULE_QUESTION, moduleTypes, type PageModule } from './page-builder.contract';

export interface ImageChoice {
  value: string;
  label: string;
}

interface EditorProps {
  modules: PageModule[];
  images: ImageChoice[];
  /** A change, with the key of what changed (one undo step per field being typed in). */
  onChange: (modules: PageModule[], key: string) => void;
}

type Patch = Record<string, string | undefined>;

function ModuleFields({
  module: m,
  images,
  set,
}: {
  module: PageModule;
  images: ImageChoice[];
  set: (patch: Patch) => void;
}) {
  const text = (name: string, label: string, value: string | undefined, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={value ?? ''}
      onChange={(e) => set({ [name]: e.currentTarget.value })}
    />
  );
  const image = (required: boolean) => (
    <SearchableSelect
      label="Image"
      required={required}
      clearable={!required}
      placeholder="Type to search..."
      data={images}
      value={('image' in m && m.image) || null}
      onChange={(value) => set({ image: value ?? undefined })}
      nothingFoundMessage="No image uploads: add one on the CDN screen"
    />
  );
  switch (m.type) {
    case 'hero':
      return (
        <>
          {text('heading', 'Heading', m.heading, true)}
          {text('subheading', 'Subheading', m.subheading)}
          {image(false)}
        </>
      );
    case 'text':
      return (
        <>
          {text('heading', 'Heading', m.heading)}
          <Textarea
            label="Body"
            required
            autosize
            minRows={3}
            value={m.body}
            onChange={(e) => set({ body: e.currentTarget.value })}
          />
        </>
      );
    case 'image':
      return (
        <>
          {image(true)}
          {text('alt', 'Alternative text', m.alt, true)}
          {text('caption', 'Caption', m.caption)}
        </>
      );
    case 'button':
      return (
        <>
          {text('label', 'Label', m.label, true)}
          {text('link', 'Link', m.link, true)}
        </>
      );
  }
}

function SortableModule({
  module: m,
  index,
  images,
  set,
  remove,
}: {
  module: PageModule;
  index: number;
  images: ImageChoice[];
  set: (patch: Patch) => void;
  remove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: m.id,
  });
  const name = `${moduleTypes[m.type]} module ${index + 1}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      className="page-module"
      data-module={m.type}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.7 : 1 }}
      aria-label={name}
      component="section"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Move ${name}`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} />
          </ActionIcon>
          <Text fw={600}>{moduleTypes[m.type]}</Text>
        </Group>
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={remove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <ModuleFields module={m} images={images} set={set} />
      </Stack>
    </Paper>
  );
}

export function ModuleEditor({ modules, images, onChange }: EditorProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = modules.findIndex((m) => m.id === active.id);
    const to = modules.findIndex((m) => m.id === over.id);
    onChange(arrayMove(modules, from, to), `move-${active.id}-${Date.now()}`);
  };
  const set = (id: string) => (patch: Patch) =>
    onChange(
      modules.map((m) => (m.id === id ? ({ ...m, ...patch } as PageModule) : m)),
      `${id}-${Object.keys(patch).join()}`,
    );
  const remove = (id: string) => async () => {
    if (await confirm({ message: DELETE_MODULE_QUESTION, confirmLabel: 'Delete', danger: true }))
      onChange(
        modules.filter((m) => m.id !== id),
        `delete-${id}`,
      );
  };
  if (modules.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No modules yet: add a hero, text, image or button below.
      </Text>
    );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To move a module, press Space, use the arrow keys to move it, and press Space again to drop it.',
        },
      }}
    >
      <SortableContext items={modules.map((m) => m.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="sm" className="module-editor">
          {modules.map((m, i) => (
            <SortableModule key={m.id} module={m} index={i} images={images} set={set(m.id)} remove={remove(m.id)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
