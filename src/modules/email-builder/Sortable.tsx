import type { ReactNode } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import {
  closestCorners,
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

interface SortableProps<T> {
  items: T[];
  keyOf: (item: T) => string;
  /** What the handle is called to a screen reader ("Move piece Hero"). */
  labelOf: (item: T, index: number) => string;
  onMove: (next: T[]) => void;
  children: (item: T, index: number, handle: ReactNode) => ReactNode;
}

/** Screen-reader words for a drag, in plain language. */
const announcements = {
  onDragStart: () => 'Picked up. Use the arrow keys to move it, Space to drop it, Escape to cancel.',
  onDragOver: () => 'Moved.',
  onDragEnd: () => 'Dropped.',
  onDragCancel: () => 'Move cancelled.',
};

/**
 * A list reordered by dragging a handle, with the mouse, a finger or the keyboard (Space picks up,
 * the arrows move, Space drops): dnd-kit's pointer and keyboard sensors.
 */
export function Sortable<T>({ items, keyOf, labelOf, onMove, children }: SortableProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = items.map(keyOf);
  const moved = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(arrayMove(items, keys.indexOf(String(active.id)), keys.indexOf(String(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragEnd={moved}
      accessibility={{ announcements }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        {items.map((item, index) => (
          <SortableRow key={keys[index]} id={keys[index]} label={labelOf(item, index)}>
            {(handle) => children(item, index, handle)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <ActionIcon
      variant="subtle"
      color="gray"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      className="drag-handle"
      style={{ cursor: 'grab' }}
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
  return (
    <div
      ref={setNodeRef}
      data-sortable-id={id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}
