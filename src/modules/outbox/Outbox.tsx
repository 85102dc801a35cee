import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconArrowDownLeft,
  IconArrowUpRight,
  IconChevronDown,
  IconMessage,
  IconPhoneIncoming,
} from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import { formatPhone } from '../../shared/format';
import { callStatusLabels, type CallStatus } from '../phones/phones.contract';
import { SIMULATE_CALL, SIMULATE_TEXT, SimulationModals } from './Simulations';
import { loadOutbox, outboxColumns, type OutboxRow } from './outbox.contract';
import { describeTwiml } from './twiml';

/** Texts' and emails' statuses as staff say them; calls use the phones' own words. */
const messageStatusLabels: Record<string, string> = {
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  receiving: 'Receiving',
  received: 'Received',
  undelivered: 'Not delivered',
  failed: 'Failed',
  canceled: 'Canceled',
};
const statusLabel = (row: OutboxRow) =>
  (row.channel === 'call' ? callStatusLabels[row.status as CallStatus] : messageStatusLabels[row.status]) ?? row.status;
/** A number as the rest of the app shows it; an email address as it is. */
const party = (row: OutboxRow, value: string) =>
  row.channel === 'sms' || row.channel === 'call' ? formatPhone(value) : value;

const kinds: Record<OutboxRow['channel'], { label: string; color: string }> = {
  sms: { label: 'Text', color: 'grape' },
  email: { label: 'Email', color: 'blue' },
  call: { label: 'Call', color: 'orange' },
  lead: { label: 'Lead', color: 'indigo' },
  insurance: { label: 'Insurance quote', color: 'teal' },
  cms: { label: 'Website page', color: 'cyan' },
};

/** A sign-in code in a message, shown on its own so it can be read at a glance. */
const signInCode = (body: string) => /sign-in code is (\d{6})/i.exec(body)?.[1];

/** outbox: what the local text, mail, call and social-platform drivers would have sent, newest first. */
export default function Outbox() {
  return (
    <ListScreen
      className="outbox"
      title="Outbox"
      action={loadOutbox}
      noun={['message', 'messages']}
      columns={outboxColumns}
      updateUrl
      filters={[
        {
          name: 'channel',
          kind: 'select',
          placeholder: 'Any',
          data: Object.entries(kinds).map(([value, k]) => ({ value, label: k.label })),
        },
        { name: 'query', kind: 'search', placeholder: 'Recipient, subject or text' },
      ]}
      rowKey={(row) => row.id}
      cells={{
        channel: (row) => {
          const Arrow = row.direction === 'inbound' ? IconArrowDownLeft : IconArrowUpRight;
          return (
            <Badge
              color={kinds[row.channel].color}
              variant="light"
              className="outbox-kind"
              leftSection={<Arrow size={12} aria-label={row.direction === 'inbound' ? 'Inbound' : 'Outbound'} />}
            >
              {kinds[row.channel].label}
            </Badge>
          );
        },
        to: (row) => party(row, row.to),
        from: (row) => party(row, row.from),
        status: (row) => statusLabel(row),
        body: (row) => {
          const code = signInCode(row.body);
          return (
            <Stack gap={4}>
              {code && (
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    Sign-in code
                  </Text>
                  <Badge variant="filled" size="lg" className="sign-in-code">
                    {code}
                  </Badge>
                </Group>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                {row.channel === 'call' ? describeTwiml(row.body) : row.body}
              </Text>
            </Stack>
          );
        },
      }}
      toolbar={
        <>
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button variant="light" rightSection={<IconChevronDown size={14} />}>
                Simulate
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => openModal(SIMULATE_TEXT)}>
                Simulate inbound text
              </Menu.Item>
              <Menu.Item leftSection={<IconPhoneIncoming size={16} />} onClick={() => openModal(SIMULATE_CALL)}>
                Simulate inbound call
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      }
    >
      <SimulationModals />
    </ListScreen>
  );
}
