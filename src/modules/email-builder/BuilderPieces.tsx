import {
  ActionIcon,
  Button,
  Card,
  ColorInput,
  Group,
  Menu,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { randomId } from '../../shared/format';
import { fieldLabel } from '../../shared/validation';
import { confirm } from '../../web/ui/modals';
import {
  ALIGNS,
  IMAGE_ALIGNS,
  PIECE_TYPES,
  type CouponItem,
  type Piece,
  type PieceType,
  type VehicleItem,
} from './email-builder.contract';
import { Sortable } from './Sortable';

export type Keyed<T> = T & { key: string };
export type EditPiece = Keyed<
  Omit<Piece, 'vehicles' | 'coupons'> & { vehicles: Keyed<VehicleItem>[]; coupons: Keyed<CouponItem>[] }
>;
export const keyed = <T,>(item: T): Keyed<T> => ({ ...item, key: randomId() });
export const toEditPiece = (p: Piece): EditPiece => ({
  ...keyed(p),
  vehicles: p.vehicles.map(keyed),
  coupons: p.coupons.map(keyed),
});
/** The pieces as the server takes them: without the screen's keys. */
export const unkeyed = (pieces: EditPiece[]): Piece[] =>
  pieces.map(({ key: _k, vehicles, coupons, ...p }) => ({
    ...p,
    vehicles: vehicles.map(({ key: _v, ...v }) => v),
    coupons: coupons.map(({ key: _c, ...c }) => c),
  }));

export const PIECE_LABELS: Record<PieceType, string> = {
  text: 'Text',
  hero: 'Hero',
  html: 'HTML',
  'image-banner': 'Image banner',
  'image-text': 'Image and text',
  coupons: 'Coupons',
  'cta-button': 'Button',
  vehicles: 'Vehicles',
};
export const newPiece = (type: PieceType): EditPiece => ({
  key: randomId(),
  type,
  name: PIECE_LABELS[type],
  visible: true,
  showInventoryButton: false,
  showServiceButton: false,
  showDivider: false,
  vehicles: [],
  coupons: [],
});

type TextKey = 'name' | 'title' | 'subtitle' | 'text' | 'html' | 'image' | 'link' | 'disclaimer';
type Field = TextKey | `${TextKey}:area` | 'align' | 'imageAlign' | 'overlayColor' | 'overlayOpacity';
/** Which fields each kind of piece uses (seed 001, section 3), in the order the form shows them. */
const FIELDS: Record<PieceType, Field[]> = {
  text: ['name', 'title', 'subtitle', 'text:area', 'align', 'disclaimer:area'],
  hero: ['name', 'title', 'subtitle', 'text', 'image', 'link', 'align', 'overlayColor', 'overlayOpacity'],
  html: ['name', 'html:area'],
  'image-banner': ['name', 'title', 'image', 'link', 'disclaimer:area'],
  'image-text': ['name', 'title', 'subtitle', 'text:area', 'image', 'link', 'imageAlign', 'disclaimer:area'],
  coupons: ['name', 'title', 'subtitle', 'align', 'disclaimer:area'],
  'cta-button': ['name', 'title', 'link', 'align', 'disclaimer:area'],
  vehicles: ['name', 'title', 'subtitle', 'align', 'disclaimer:area'],
};
/** Where a kind of piece uses a field for something else, it says so. */
const LABELS: Partial<Record<PieceType, Partial<Record<TextKey, string>>>> = {
  hero: { text: 'Button label', image: 'Background image' },
  'image-banner': { title: 'Alt text' },
  'cta-button': { title: 'Button label' },
};
const alignData = ALIGNS.map((a) => ({ value: a, label: a[0].toUpperCase() + a.slice(1) }));

interface PieceProps {
  piece: EditPiece;
  handle: ReactNode;
  locked: boolean;
  onChange: (next: EditPiece, delay?: number) => void;
  onDelete: () => void;
  /** The import buttons of a vehicles or coupons piece (the builder's). */
  imports?: ReactNode;
}

/** One piece: its handle, name, shown switch and delete in the header; its fields and items below. */
export function PieceCard({ piece, handle, locked, onChange, onDelete, imports }: PieceProps) {
  const [open, setOpen] = useState(false);
  const set = <K extends keyof EditPiece>(key: K, value: EditPiece[K], delay?: number) =>
    onChange({ ...piece, [key]: value }, delay);
  const title = `${PIECE_LABELS[piece.type]}${piece.name && piece.name !== PIECE_LABELS[piece.type] ? `: ${piece.name}` : ''}`;
  return (
    <Card withBorder padding="sm" className={`email-piece piece-${piece.type}`} data-piece={piece.name ?? piece.type}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {!locked && handle}
          <Text fw={600} truncate className="piece-title">
            {title}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            size="xs"
            label="Shown"
            checked={piece.visible}
            disabled={locked}
            onChange={(e) => set('visible', e.currentTarget.checked, 0)}
          />
          <ActionIcon
            variant="subtle"
            aria-label={`${open ? 'Close' : 'Edit'} ${title}`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${title}`}
            disabled={locked}
            onClick={async () => {
              if (
                await confirm({
                  message: `Are you sure you want to delete the piece ${title}?`,
                  confirmLabel: 'Delete',
                  danger: true,
                })
              )
                onDelete();
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      {open && (
        <Stack gap="xs" mt="sm">
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {FIELDS[piece.type].map((field) => (
                <PieceField key={field} piece={piece} field={field} set={set} />
              ))}
            </SimpleGrid>
            <Group gap="md" mt="xs">
              <Switch
                size="xs"
                label="Inventory button"
                checked={piece.showInventoryButton}
                onChange={(e) => set('showInventoryButton', e.currentTarget.checked, 0)}
              />
              <Switch
                size="xs"
                label="Service button"
                checked={piece.showServiceButton}
                onChange={(e) => set('showServiceButton', e.currentTarget.checked, 0)}
              />
              <Switch
                size="xs"
                label="Divider after"
                checked={piece.showDivider}
                onChange={(e) => set('showDivider', e.currentTarget.checked, 0)}
              />
            </Group>
          </fieldset>
          {imports}
          {piece.type === 'vehicles' && (
            <Items kind="vehicle" items={piece.vehicles} locked={locked} onChange={(v, d) => set('vehicles', v, d)} />
          )}
          {piece.type === 'coupons' && (
            <Items kind="coupon" items={piece.coupons} locked={locked} onChange={(c, d) => set('coupons', c, d)} />
          )}
        </Stack>
      )}
    </Card>
  );
}

function PieceField({
  piece,
  field,
  set,
}: {
  piece: EditPiece;
  field: Field;
  set: <K extends keyof EditPiece>(k: K, v: EditPiece[K], d?: number) => void;
}) {
  const [name, area] = field.split(':') as [Field, string | undefined];
  if (name === 'align')
    return (
      <Select
        label="Align"
        data={alignData}
        value={piece.align ?? null}
        clearable
        onChange={(v) => set('align', (v ?? undefined) as EditPiece['align'], 0)}
      />
    );
  if (name === 'imageAlign')
    return (
      <Select
        label="Image side"
        data={IMAGE_ALIGNS.map((a) => ({ value: a, label: a === 'left' ? 'Left' : 'Right' }))}
        value={piece.imageAlign ?? null}
        onChange={(v) => set('imageAlign', (v ?? undefined) as EditPiece['imageAlign'], 0)}
      />
    );
  if (name === 'overlayColor')
    return (
      <ColorInput
        label="Overlay colour"
        format="hex"
        value={piece.overlayColor ?? ''}
        onChange={(v) => set('overlayColor', v || undefined, 600)}
      />
    );
  if (name === 'overlayOpacity')
    return (
      <NumberInput
        label="Overlay opacity (%)"
        min={0}
        max={100}
        value={piece.overlayOpacity ?? ''}
        onChange={(v) => set('overlayOpacity', typeof v === 'number' ? v : undefined)}
      />
    );
  const key = name as TextKey;
  const label = LABELS[piece.type]?.[key] ?? fieldLabel(key);
  const props = {
    label,
    value: piece[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value || undefined, 800),
  };
  return area ? (
    <Textarea autosize minRows={2} maxRows={12} {...props} style={{ gridColumn: '1 / -1' }} />
  ) : (
    <TextInput {...props} />
  );
}

const VEHICLE_FIELDS = [
  'year',
  'make',
  'model',
  'amount',
  'term',
  'down',
  'image',
  'inventoryUrl',
  'ctaLabel',
  'description',
  'disclaimer',
] as const;
const COUPON_FIELDS = [
  'product',
  'leadingText',
  'price',
  'trailingText',
  'image',
  'description',
  'disclaimer',
] as const;
const ITEM_LABELS: Record<string, string> = { inventoryUrl: 'Inventory URL', ctaLabel: 'Button label' };

/** A piece's vehicles or coupons: added, edited, reordered by drag and deleted (after asking). */
function Items<T extends Keyed<VehicleItem> | Keyed<CouponItem>>({
  kind,
  items,
  locked,
  onChange,
}: {
  kind: 'vehicle' | 'coupon';
  items: T[];
  locked: boolean;
  onChange: (next: T[], delay?: number) => void;
}) {
  const fields: readonly string[] = kind === 'vehicle' ? VEHICLE_FIELDS : COUPON_FIELDS;
  const nameOf = (item: T) => ('product' in item ? item.product : `${item.year} ${item.make} ${item.model}`);
  const add = () =>
    onChange(
      [
        ...items,
        keyed(
          kind === 'vehicle'
            ? { year: new Date().getFullYear(), make: 'Make', model: 'Model' }
            : { product: 'New coupon', standalone: false },
        ) as T,
      ],
      0,
    );
  const update = (index: number, field: string, value: string) =>
    onChange(
      items.map((item, i) =>
        i === index
          ? { ...item, [field]: field === 'year' ? Number(value) || item[field as keyof T] : value || undefined }
          : item,
      ),
      800,
    );
  return (
    <Stack gap="xs" className={`piece-items ${kind}-items`}>
      <Sortable
        items={items}
        keyOf={(i) => i.key}
        labelOf={(i) => `Move ${nameOf(i)}`}
        onMove={(next) => onChange(next, 0)}
      >
        {(item, index, handle) => (
          <Card withBorder padding="xs" className={`email-${kind}`}>
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                {!locked && handle}
                <Text size="sm" fw={600}>
                  {nameOf(item)}
                </Text>
              </Group>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={locked}
                aria-label={`Delete ${nameOf(item)}`}
                onClick={async () => {
                  if (
                    await confirm({
                      message: `Are you sure you want to delete ${nameOf(item)} from this piece?`,
                      confirmLabel: 'Delete',
                      danger: true,
                    })
                  )
                    onChange(
                      items.filter((_, i) => i !== index),
                      0,
                    );
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt="xs">
              {fields.map((field) => (
                <TextInput
                  key={field}
                  size="xs"
                  disabled={locked}
                  label={ITEM_LABELS[field] ?? fieldLabel(field)}
                  value={String(item[field as keyof T] ?? '')}
                  onChange={(e) => update(index, field, e.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          </Card>
        )}
      </Sortable>
      {!locked && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
        >
          Add {kind}
        </Button>
      )}
    </Stack>
  );
}

/** The "Add piece" menu: one entry per kind. */
export function AddPieceMenu({ onAdd, disabled }: { onAdd: (type: PieceType) => void; disabled: boolean }) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} disabled={disabled}>
          Add piece
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {PIECE_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {PIECE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
