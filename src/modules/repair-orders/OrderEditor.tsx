/**
 * A repair order's editor (seed 002, `repair-order`): services requested, notes, and the item table
 * with its value and hour inputs and their totals, read by the rules of `amounts.ts` as people type.
 * The edit modal and the order page both use it; a save sends the whole order with the version it
 * was loaded at. "Add item" adds a line to the table only: it is stored by Save order, and a line
 * left empty (no description, no value, no hours) is not stored at all.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Slot } from '../../web/slots';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconListSearch, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { useLeaveWarning } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { formatDateTime } from '../../shared/format';
import { cleanAmount, sumAmounts, toHundredths } from './amounts';
import {
  loadOrders,
  ORDER_SAVED,
  orderStatuses,
  orderStatusLabels,
  saveOrder,
  type OrderStatus,
  type RepairOrder,
} from './repair-orders.contract';
import { optionsOf } from '../../web/options/optionsOf';

interface Line {
  key: string;
  description: string;
  value: string;
  hours: string;
}

/** As typed: minus signs and what is not a number go at once; an empty input is 0 once left. */
const asTyped = (raw: string) => raw.replace(/[^\d.]/g, '');

/** A line nobody filled in: no description, and a value and hours of nothing. */
const emptyLine = (l: Line) => !l.description.trim() && toHundredths(l.value) === 0 && toHundredths(l.hours) === 0;

/** One line's inputs, placed by the table or the cards; value and hours take a visible label in a card. */
interface LineInputs {
  description: ReactNode;
  value: (label?: string) => ReactNode;
  hours: (label?: string) => ReactNode;
  remove: ReactNode;
}
interface ItemsProps {
  lines: Line[];
  inputs: (line: Line, i: number) => LineInputs;
}

function ItemTable({ lines, inputs }: ItemsProps) {
  return (
    <Table className="repair-order-items" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th w={140}>Value ($)</Table.Th>
          <Table.Th w={110}>Hours</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>Remove</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => {
          const input = inputs(line, i);
          return (
            <Table.Tr key={line.key}>
              <Table.Td>{input.description}</Table.Td>
              <Table.Td>{input.value()}</Table.Td>
              <Table.Td>{input.hours()}</Table.Td>
              <Table.Td>{input.remove}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th className="repair-order-total-value">{sumAmounts(lines.map((l) => l.value))}</Table.Th>
          <Table.Th className="repair-order-total-hours">{sumAmounts(lines.map((l) => l.hours))}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** The items on a phone: a card each, named "Item 1", "Item 2"… for screen readers as on the screen. */
function ItemCards({ lines, inputs }: ItemsProps) {
  return (
    <Stack gap="xs" className="repair-order-items">
      {lines.map((line, i) => {
        const input = inputs(line, i);
        return (
          <Paper key={line.key} withBorder p="sm" role="group" aria-label={`Item ${i + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  Item {i + 1}
                </Text>
                {input.remove}
              </Group>
              {input.description}
              <SimpleGrid cols={2} spacing="xs">
                {input.value('Value ($)')}
                {input.hours('Hours')}
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Group justify="space-between" px="sm" fw={700} fz="sm">
        <span>Total</span>
        <span>
          $<span className="repair-order-total-value">{sumAmounts(lines.map((l) => l.value))}</span> ·{' '}
          <span className="repair-order-total-hours">{sumAmounts(lines.map((l) => l.hours))}</span> hours
        </span>
      </Group>
    </Stack>
  );
}

export function OrderEditor({ order, done }: { order: RepairOrder; done?: () => void }) {
  const [version, setVersion] = useState(order.version);
  const [services, setServices] = useState(order.servicesRequested);
  const [notes, setNotes] = useState(order.notes);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [lines, setLines] = useState<Line[]>(
    order.items.map((i) => ({ key: String(i.itemId), description: i.description, value: i.value, hours: i.hours })),
  );
  const saved = useRef(JSON.stringify({ services, notes, status, lines }));
  useLeaveWarning(() => JSON.stringify({ services, notes, status, lines }) !== saved.current);

  const save = useAction(saveOrder, {
    success: ORDER_SAVED,
    successMs: 4000,
    reload: [loadOrders],
    onSuccess: (reply) => {
      setVersion(reply.version);
      saved.current = JSON.stringify({ services, notes, status, lines });
      done?.();
    },
  });
  // New lines live in the table until Save order; their keys only tell them apart on the screen.
  const added = useRef(0);
  // The line just added takes the focus, to be described at once.
  const [newest, setNewest] = useState<string | null>(null);
  const add = () => {
    added.current += 1;
    const key = `new-${added.current}`;
    setLines((current) => [...current, { key, description: '', value: '0.00', hours: '0.00' }]);
    setNewest(key);
  };
  const change = (key: string, field: keyof Omit<Line, 'key'>, value: string) =>
    setLines((current) =>
      current.map((l) => (l.key === key ? { ...l, [field]: field === 'description' ? value : asTyped(value) } : l)),
    );
  const settle = (key: string, field: 'value' | 'hours') =>
    setLines((current) => current.map((l) => (l.key === key ? { ...l, [field]: cleanAmount(l[field]) } : l)));
  // A table on a wide screen; on a phone each item is a card, its inputs stacked, so nothing scrolls sideways.
  const phone = useMediaQuery('(max-width: 48em)');
  const amountInput = (line: Line, i: number, field: 'value' | 'hours', label?: string) => (
    <TextInput
      label={label}
      aria-label={`${field === 'value' ? 'Value' : 'Hours'} of item ${i + 1}`}
      inputMode="decimal"
      value={line[field]}
      onChange={(e) => change(line.key, field, e.currentTarget.value)}
      onBlur={() => settle(line.key, field)}
    />
  );
  const inputs = (line: Line, i: number): LineInputs => ({
    description: (
      <TextInput
        aria-label={`Item ${i + 1}`}
        autoFocus={line.key === newest}
        placeholder="What was done or fitted"
        value={line.description}
        onChange={(e) => change(line.key, 'description', e.currentTarget.value)}
      />
    ),
    value: (label) => amountInput(line, i, 'value', label),
    hours: (label) => amountInput(line, i, 'hours', label),
    remove: (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove item ${i + 1}`}
        onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
      >
        <IconTrash size={16} />
      </ActionIcon>
    ),
  });

  return (
    <Stack data-loaded="true" className="repair-order-editor">
      <Text size="sm" c="dimmed">
        <Slot
          name="customerName"
          props={{ kind: 'repairOrder', recordId: order.repairOrderId, name: order.customerName }}
          fallback={order.customerName}
        />{' '}
        · {order.vehicle} · {order.locationName} · opened {formatDateTime(order.createdAt)}
        {order.updatedByName ? ` · last saved by ${order.updatedByName}` : ''}
      </Text>
      <Textarea
        label="Services requested"
        required
        autosize
        minRows={2}
        value={services}
        onChange={(e) => setServices(e.currentTarget.value)}
      />
      {phone ? <ItemCards lines={lines} inputs={inputs} /> : <ItemTable lines={lines} inputs={inputs} />}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={add}>
          Add item
        </Button>
        <Button
          variant="default"
          component={Link}
          to={`/tools/repair-orders/parts?orderId=${order.repairOrderId}`}
          leftSection={<IconListSearch size={16} />}
        >
          Choose parts
        </Button>
      </Group>
      <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      <SegmentedControl
        aria-label="Status"
        value={status}
        onChange={(v) => setStatus(v as OrderStatus)}
        data={optionsOf(orderStatuses, orderStatusLabels)}
        w="fit-content"
      />
      <ActionAlert error={save.error} title="The repair order was not saved" />
      <Group justify="flex-end">
        {done && (
          <Button variant="default" onClick={done}>
            Cancel
          </Button>
        )}
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              repairOrderId: order.repairOrderId,
              version,
              servicesRequested: services,
              notes,
              status,
              items: lines
                .filter((l) => !emptyLine(l))
                .map((l) => ({ description: l.description, value: l.value, hours: l.hours })),
            })
          }
        >
          Save order
        </Button>
      </Group>
    </Stack>
  );
}
