/**
 * messenger (seed 001, section 5): the stores' text conversations. On a desktop the list sits on the
 * left and the open conversation on the right; on a phone one shows at a time. What is shown lives
 * in the address: the list's location, direction, search and count, and the open conversation as
 * `p` (the number's first 10 characters) and `l` (its store). New texts come in by asking again
 * while the tab is visible: the list every 5 s, the open conversation every 3 s.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Slot } from '../../web/slots';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconBolt,
  IconMessagePlus,
  IconMessages,
  IconPhoneOutgoing,
  IconSend,
  IconSpeakerphone,
  IconX,
} from '@tabler/icons-react';
import { useLocationOptions } from '../../web/options/locationOptions';
import { useCan } from '../../web/shell/session';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { FilteredScreen, type Filters } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import { useAction } from '../../web/ui/useAction';
import { formatDate, formatDateTime, formatCount, formatPhone } from '../../shared/format';
import { smsSegments, smsSummary } from '../../shared/sms';
import {
  directionLabels,
  directions,
  listShortcuts,
  loadConversation,
  loadMessages,
  sendText,
  TEXT_SENT,
  toggleAutopilot,
  URL_PHONE_LENGTH,
  type ConversationMessage,
  type ConversationRow,
} from './messenger.contract';
import { MASS_CALL, MASS_TEXT, MassCallModal, MassTextModal } from './MassTextModal';
import { NEW_TEXT, NewTextModal } from './NewTextModal';
import { optionsOf } from '../../web/options/optionsOf';
import { actionKey, reloadActions, useActionQuery } from '../../web/ui/useActionQuery';

/** How often the list and the open conversation are asked again (only while the tab is visible). */
const LIST_REFRESH_MS = 5000;
const CONVERSATION_REFRESH_MS = 3000;
/** Conversations shown at first, and how many more "Show more" adds. */
const PAGE = 25;
const MAX_COUNT = 500;

/** The open conversation's number in the address: E.164 without +1, cut to 10 characters (the spec's rule). */
export const urlPhone = (phone: string) => phone.replace(/^\+1/, '').slice(0, URL_PHONE_LENGTH);

type Direction = (typeof directions)[number];
const isDirection = (v: string | null): v is Direction => (directions as readonly (string | null)[]).includes(v);
const directionChoices = [{ value: 'all', label: 'All' }, ...optionsOf(directions, directionLabels)];

/** Today's texts by their time, older ones by their day. */
function shortTime(iso: string): string {
  const full = formatDateTime(iso);
  return formatDate(iso) === formatDate(new Date()) ? full.slice(11) : formatDate(iso);
}
/** A text's moment: the time today, the day and time before. */
function messageTime(iso: string): string {
  const full = formatDateTime(iso);
  return formatDate(iso) === formatDate(new Date()) ? full.slice(11) : full;
}

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/* ---------------------------------------------------------------- the list */

interface ListProps {
  filters: Filters;
  direction: Direction | null;
  count: number;
  openKey: string | null;
  onDirection: (direction: Direction | null) => void;
  onMore: () => void;
  onOpen: (row: ConversationRow) => void;
}

const rowKey = (phone: string, locationId: number | string) => `${urlPhone(phone)}|${locationId}`;

function ConversationItem({ row, open, onOpen }: { row: ConversationRow; open: boolean; onOpen: () => void }) {
  return (
    <li>
      {/* The kit's record opener (.row-open, reached by Tab), drawn as a whole row rather than a link. */}
      <UnstyledButton
        className="row-open conversation-row"
        aria-current={open ? 'true' : undefined}
        onClick={onOpen}
        style={{
          display: 'block',
          width: '100%',
          color: 'inherit',
          fontWeight: 'inherit',
          textDecoration: 'none',
          padding: '10px 12px',
          borderRadius: 'var(--mantine-radius-md)',
          // The open one on a pale tint (its dimmed lines stay readable) with a bar at its edge.
          ...(open && {
            background: 'light-dark(var(--mantine-color-blue-0), var(--mantine-color-dark-5))',
            boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)',
          }),
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="sm" truncate>
            {row.contactName || formatPhone(row.phone)}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            <time dateTime={row.lastMessageAt} title={formatDateTime(row.lastMessageAt)}>
              {shortTime(row.lastMessageAt)}
            </time>
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" truncate>
            {row.lastDirection === 'outbound' ? 'You: ' : ''}
            {row.lastBody}
          </Text>
          {row.unread > 0 && (
            <Badge size="sm" circle style={{ flexShrink: 0 }}>
              {row.unread}
              <VisuallyHidden> unread</VisuallyHidden>
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {row.locationName}
        </Text>
      </UnstyledButton>
    </li>
  );
}

function ConversationList({ filters, direction, count, openKey, onDirection, onMore, onOpen }: ListProps) {
  const params = Object.fromEntries(
    Object.entries({ ...filters, direction: direction ?? '', count: String(count) }).filter(([, v]) => v),
  );
  const list = useActionQuery(
    loadMessages,
    { ...params, view: 'rows' },
    {
      refetchInterval: LIST_REFRESH_MS,
      placeholderData: keepPreviousData,
      staleTime: 0,
    },
  );
  const rows = list.data?.rows ?? [];
  const total = list.data?.conversationCount;
  const narrowed = Object.values(filters).some(Boolean) || direction !== null;

  return (
    <Stack gap="xs" h="100%" mih={0}>
      <SegmentedControl
        aria-label="Show"
        fullWidth
        size="xs"
        data={directionChoices}
        value={direction ?? 'all'}
        onChange={(v) => onDirection(isDirection(v) ? v : null)}
      />
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h5" className="list-count">
          {list.data
            ? formatCount(typeof total === 'number' ? total : rows.length, 'conversation')
            : 'Loading conversations…'}
        </Title>
        {list.isFetching && list.isPlaceholderData && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <ActionAlert error={list.error} title="The conversations could not be loaded" />
      {/* Positioned, so what is hidden for the eye in its rows ("unread") scrolls and clips with them. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}>
        {list.data && rows.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            {narrowed
              ? 'No conversations match these filters. Change or clear them to see more.'
              : 'No conversations yet.'}
          </Text>
        )}
        <Stack component="ul" gap={2} aria-label="Conversations" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <ConversationItem
              key={row.conversationId}
              row={row}
              open={rowKey(row.phone, row.locationId) === openKey}
              onOpen={() => onOpen(row)}
            />
          ))}
        </Stack>
        {list.data?.nextCursor && count < MAX_COUNT && (
          <Center p="sm">
            <Button variant="default" size="xs" onClick={onMore} loading={list.isFetching && list.isPlaceholderData}>
              Show more
            </Button>
          </Center>
        )}
      </Box>
    </Stack>
  );
}

/* ---------------------------------------------------------------- the open conversation */

function Bubble({ message, contactName }: { message: ConversationMessage; contactName: string }) {
  const inbound = message.direction === 'inbound';
  const failed = message.status === 'failed' || message.status === 'undelivered';
  const who = inbound ? contactName : (message.sentBy ?? (message.automatic ? null : 'Forecourt'));
  return (
    <li
      className={`message ${message.direction}`}
      style={{ alignSelf: inbound ? 'flex-start' : 'flex-end', maxWidth: '80%' }}
    >
      <Box
        px="sm"
        py={8}
        style={{
          borderRadius: 14,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: 'var(--mantine-font-size-sm)',
          background: inbound
            ? 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))'
            : 'var(--mantine-color-blue-light)',
          borderBottomLeftRadius: inbound ? 4 : 14,
          borderBottomRightRadius: inbound ? 14 : 4,
        }}
      >
        {message.body}
      </Box>
      <Group gap={6} justify={inbound ? 'flex-start' : 'flex-end'} mt={2} wrap="wrap">
        {message.automatic && (
          <Badge size="xs" variant="light" color="teal">
            Autopilot
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
            {messageTime(message.createdAt)}
          </time>
          {who ? ` · ${who}` : ''}
          {!inbound && !failed ? ` · ${capitalized(message.status)}` : ''}
        </Text>
        {failed && (
          <Text size="xs" c="red" fw={600}>
            Not delivered
          </Text>
        )}
      </Group>
    </li>
  );
}

function ShortcutMenu({ locationId, onChoose }: { locationId: number | null; onChoose: (message: string) => void }) {
  const shortcuts = useActionQuery(
    listShortcuts,
    { locationId: locationId ?? 0 },
    {
      enabled: locationId !== null,
      staleTime: 5 * 60_000,
    },
  );
  const list = shortcuts.data?.shortcuts ?? [];
  return (
    <Menu position="top-start" withinPortal shadow="md" width={340}>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconBolt size={16} />} disabled={locationId === null}>
          Shortcuts
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {shortcuts.isPending && <Menu.Label>Loading shortcuts…</Menu.Label>}
        {shortcuts.data && list.length === 0 && <Menu.Label>This store has no shortcuts.</Menu.Label>}
        {shortcuts.error && <Menu.Label>The shortcuts could not be loaded.</Menu.Label>}
        {list.map((s) => (
          <Menu.Item key={s.shortcut} onClick={() => onChoose(s.message)}>
            <Text size="sm" fw={600}>
              {s.shortcut}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {s.message}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ReplyBox({ phone, locationId, onSent }: { phone: string; locationId: number | null; onSent: () => void }) {
  const [reply, setReply] = useState('');
  const [missing, setMissing] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const send = useAction(sendText, {
    success: TEXT_SENT,
    reload: [loadMessages],
    onSuccess: () => {
      setReply('');
      onSent();
    },
  });
  const count = smsSegments(reply);
  const submit = () => {
    if (send.isPending) return;
    if (!reply.trim()) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    send.mutate({ to: phone, message: reply, locationId: locationId ?? undefined });
  };
  return (
    <Form onSubmit={submit} className="reply-box">
      <Stack gap={6}>
        <ActionAlert error={send.error} title="The text was not sent" />
        <Textarea
          ref={box}
          label="Reply"
          name="message"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1600}
          value={reply}
          placeholder="Write a text…"
          error={missing ? 'Reply is required.' : undefined}
          onChange={(e) => {
            setReply(e.currentTarget.value);
            setMissing(false);
          }}
          onKeyDown={(e) => {
            // Ctrl+Enter (Cmd+Enter) sends; Enter alone starts a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Text size="xs" c="dimmed" aria-live="polite" className="reply-count">
          {smsSummary(count)}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <ShortcutMenu
            locationId={locationId}
            onChoose={(message) => {
              setReply(message);
              setMissing(false);
              // After the menu has closed and handed focus back to its button.
              window.setTimeout(() => box.current?.focus(), 0);
            }}
          />
          <Button type="submit" size="sm" leftSection={<IconSend size={16} />} loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function ConversationPane({ p, l, onClose }: { p: string; l: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const locations = useLocationOptions();
  const input = { phone: p, locationId: l || undefined };
  const key = actionKey(loadConversation, input);
  const conversation = useActionQuery(loadConversation, input, {
    refetchInterval: CONVERSATION_REFRESH_MS,
    staleTime: 0,
  });
  const data = conversation.data;
  const lastId = data?.messages.at(-1)?.messageId;
  // Reading a conversation marks it read on the server: once opened, and with each new text, the list catches up.
  const read = conversation.isFetchedAfterMount;
  useEffect(() => {
    if (read) void reloadActions(queryClient, loadMessages);
  }, [read, lastId, queryClient]);

  // The newest text in view when the conversation opens and as texts arrive.
  const log = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [lastId]);

  const toggle = useAction(toggleAutopilot, {
    // The switch shows the state the server answers with.
    // A poll under way would bring back the state from before: it is dropped first.
    onSuccess: (reply) =>
      void queryClient.cancelQueries({ queryKey: key }).then(() => {
        queryClient.setQueryData(
          key,
          (old: typeof data) => old && { ...old, autopilot: reply.direction === 'enabled' },
        );
      }),
    reload: [loadMessages],
  });

  if (!data) {
    return conversation.error ? (
      <Stack p="md">
        <ActionAlert error={conversation.error} title="The conversation could not be loaded" />
        <Group>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    ) : (
      <Center h="100%" mih={200}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  const locationId = data.locationId ?? (Number(l) || null);
  const store = locations.data?.locations.find((x) => x.id === locationId)?.name;

  return (
    <Stack gap="sm" h="100%" mih={0} className="conversation">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Box miw={0}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {data.contactId ? (
              <Slot
                name="customerName"
                props={{ kind: 'contact', recordId: data.contactId, name: data.contactName }}
                fallback={data.contactName}
              />
            ) : (
              data.contactName
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {[data.contactName === formatPhone(data.phone) ? '' : formatPhone(data.phone), store]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Box>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconX size={16} />}
          onClick={onClose}
          style={{ flexShrink: 0 }}
        >
          Close
        </Button>
      </Group>
      <Switch
        label="Autopilot"
        checked={data.autopilot}
        disabled={data.contactId === null || toggle.isPending}
        description={
          data.contactId === null
            ? 'Autopilot answers contacts; this number is not one yet.'
            : "Answers texts on its own with the store's shortcuts."
        }
        onChange={() => data.contactId !== null && toggle.mutate({ contactId: data.contactId })}
      />
      <ActionAlert error={toggle.error} title="Autopilot was not changed" />
      <ActionAlert error={conversation.error} title="The conversation could not be refreshed" />
      {data.optedOut && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Opted out" className="opted-out">
          {formatPhone(data.phone)} has opted out of texts from the group (they texted STOP). Texts to them are refused
          until they text START.
        </Alert>
      )}
      <Box
        ref={log}
        role="log"
        aria-label={`Texts with ${data.contactName}`}
        tabIndex={0}
        style={{ flex: 1, minHeight: 120, overflowY: 'auto', padding: 4, position: 'relative' }}
      >
        {data.messages.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            No texts with this number yet.
          </Text>
        ) : (
          <Stack component="ol" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.messages.map((m) => (
              <Bubble key={m.messageId} message={m} contactName={data.contactName} />
            ))}
          </Stack>
        )}
      </Box>
      <ReplyBox phone={data.phone} locationId={locationId} onSent={() => void conversation.refetch()} />
    </Stack>
  );
}

/* ---------------------------------------------------------------- the screen */

function Pane({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={label}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0 }}
    >
      {children}
    </Paper>
  );
}

export default function Messenger() {
  const [params, setParams] = useSearchParams();
  const phoneLayout = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const canMarket = useCan('marketing');
  const p = (params.get('p') ?? '').slice(0, URL_PHONE_LENGTH);
  const l = params.get('l') ?? '';
  const direction = params.get('direction');
  const countParam = Number(params.get('count'));
  const count = Number.isInteger(countParam) && countParam > 0 ? Math.min(countParam, MAX_COUNT) : PAGE;

  /** Changes some parameters of the address, keeping the others. */
  const change = (next: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value === null || value === '') updated.delete(name);
          else updated.set(name, value);
        }
        return updated;
      },
      { replace },
    );

  const open = (row: ConversationRow) => change({ p: urlPhone(row.phone), l: String(row.locationId) });
  const close = () => change({ p: null, l: null });
  const opened = p !== '';
  const showList = !phoneLayout || !opened;
  const showConversation = !phoneLayout || opened;
  const height = phoneLayout ? 'max(420px, calc(100dvh - 196px))' : 'max(480px, calc(100dvh - 250px))';

  return (
    <FilteredScreen
      className="messenger"
      title="Messenger"
      action={loadMessages}
      filters={[
        { name: 'filter', kind: 'search', placeholder: 'Name or number' },
        { name: 'locationId', kind: 'location' },
      ]}
      updateUrl
      toolbar={
        <>
          <Button leftSection={<IconMessagePlus size={16} />} onClick={() => openModal(NEW_TEXT)}>
            New text
          </Button>
          {canMarket && (
            <>
              <Button
                variant="default"
                leftSection={<IconSpeakerphone size={16} />}
                onClick={() => openModal(MASS_TEXT)}
              >
                Mass text
              </Button>
              <Button
                variant="default"
                leftSection={<IconPhoneOutgoing size={16} />}
                onClick={() => openModal(MASS_CALL)}
              >
                Mass call
              </Button>
            </>
          )}
        </>
      }
    >
      {(applied) => (
        <>
          <Box
            style={{
              display: 'grid',
              gridTemplateColumns: phoneLayout ? 'minmax(0, 1fr)' : 'minmax(280px, 360px) minmax(0, 1fr)',
              gap: 16,
              height,
            }}
          >
            {showList && (
              <Pane label="Conversations">
                <ConversationList
                  filters={applied}
                  direction={isDirection(direction) ? direction : null}
                  count={count}
                  openKey={opened ? `${p}|${l}` : null}
                  onDirection={(d) => change({ direction: d, count: null })}
                  onMore={() => change({ count: String(Math.min(count + PAGE, MAX_COUNT)) }, true)}
                  onOpen={open}
                />
              </Pane>
            )}
            {showConversation && (
              <Pane label="Conversation">
                {opened ? (
                  <ConversationPane key={`${p}|${l}`} p={p} l={l} onClose={close} />
                ) : (
                  <Center h="100%">
                    <Stack align="center" gap="xs">
                      <IconMessages size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
                      <Text c="dimmed">Choose a conversation to read it and reply.</Text>
                    </Stack>
                  </Center>
                )}
              </Pane>
            )}
          </Box>
          <NewTextModal onSent={(phone, locationId) => change({ p: urlPhone(phone), l: String(locationId) })} />
          {canMarket && (
            <>
              <MassTextModal />
              <MassCallModal />
            </>
          )}
        </>
      )}
    </FilteredScreen>
  );
}
