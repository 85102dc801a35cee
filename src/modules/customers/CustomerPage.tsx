import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { PagedList } from '../../web/ui/PagedList';
import { confirm } from '../../web/ui/modals';
import { useAction } from '../../web/ui/useAction';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useCan } from '../../web/shell/session';
import type { OutputOf } from '../../shared/contract';
import { formatDateTime, formatPhone } from '../../shared/format';
import {
  COUNT_CAP,
  CUSTOMERS_MERGED,
  findCustomerOf,
  kindListHref,
  linkColumns,
  linkKindLabels,
  linkKinds,
  linkRecord,
  loadCustomer,
  loadCustomerRecords,
  mergeCustomers,
  RECENT_LIMIT,
  RECORD_LINKED,
  type LinkKind,
  type LinkRow,
} from './customers.contract';

type Loaded = OutputOf<typeof loadCustomer>;
type Customer = Loaded['customer'];

const countLabel = (count: number) => (count >= COUNT_CAP ? `${COUNT_CAP.toLocaleString('en-US')}+` : String(count));
const recentLabel = (count: number) => (count >= RECENT_LIMIT ? `${RECENT_LIMIT}+` : String(count));
const digits = (phone: string) => phone.replace(/^\+1/, '').replace(/\D/g, '');

/** Name, phones, emails and store. */
function Header({ customer, mergedFrom }: { customer: Customer; mergedFrom: number | null }) {
  const others = [...customer.phones.slice(1).map(formatPhone), ...customer.emails.slice(1)];
  return (
    <Stack gap={4}>
      <Title order={1}>{customer.name || formatPhone(customer.phone) || customer.email}</Title>
      <Group gap="md" wrap="wrap">
        {customer.phone && (
          <Anchor href={`tel:${customer.phone}`} aria-label={`Phone ${formatPhone(customer.phone)}`}>
            {formatPhone(customer.phone)}
          </Anchor>
        )}
        {customer.email && <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>}
        <Text c="dimmed">{customer.locationName}</Text>
      </Group>
      {others.length > 0 && (
        <Text size="sm" c="dimmed">
          Also known by {others.join(', ')}
        </Text>
      )}
      {mergedFrom && (
        <Alert color="blue" variant="light" title="Merged">
          Customer {mergedFrom} was merged into this one.
        </Alert>
      )}
    </Stack>
  );
}

/** Their newest texts, each opening its conversation. */
function Texts({ texts, customer }: { texts: Loaded['texts']; customer: Customer }) {
  if (texts.length === 0) return <Text c="dimmed">No texts with this customer.</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Newest texts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Text</Table.Th>
              <Table.Th>Store</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {texts.map((t) => (
              <Table.Tr key={t.messageId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.at)}</Table.Td>
                <Table.Td>
                  <Badge size="xs" variant="light" color={t.direction === 'inbound' ? 'blue' : 'gray'} mr={6}>
                    {t.direction === 'inbound' ? 'From them' : 'To them'}
                  </Badge>
                  <Anchor component={Link} to={t.href}>
                    {t.body}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.locationName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Anchor component={Link} to={texts[0].href} size="sm">
        Show all in the messenger
      </Anchor>
      {customer.phones.length > 1 && (
        <Text size="xs" c="dimmed">
          Texts to and from {customer.phones.map(formatPhone).join(' and ')}.
        </Text>
      )}
    </Stack>
  );
}

/** Their newest calls; "Show all" opens the call log searched for their number. */
function Calls({ calls, customer }: { calls: Loaded['calls']; customer: Customer }) {
  if (calls.length === 0) return <Text c="dimmed">No calls with this customer.</Text>;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Newest calls">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Call</Table.Th>
              <Table.Th>Store</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {calls.map((c) => (
              <Table.Tr key={c.callId}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.at)}</Table.Td>
                <Table.Td>
                  {c.direction === 'inbound' ? 'From them' : 'To them'} · {c.status}
                  {c.durationSeconds > 0 && ` · ${Math.ceil(c.durationSeconds / 60)} min`}
                </Table.Td>
                <Table.Td>{c.locationName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Anchor component={Link} to={`/phones/calls/?query=${digits(customer.phone)}`} size="sm">
        Show all in the call log
      </Anchor>
    </Stack>
  );
}

/** One kind of their records, ten a page, each opening its own screen. */
function Records({ customer, kind }: { customer: Customer; kind: LinkKind }) {
  const [one, many] = linkKindLabels[kind];
  return (
    <Stack gap="xs">
      <PagedList<LinkRow>
        action={loadCustomerRecords}
        params={{ customerId: customer.customerId, kind }}
        columns={linkColumns}
        noun={[one.toLowerCase(), many.toLowerCase()]}
        rowKey={(row) => row.linkId}
        pageSize={10}
        emptyText={`No ${many.toLowerCase()} within your stores.`}
        cells={{
          summary: (row) => (
            <Anchor component={Link} to={row.href}>
              {row.summary || `${one} ${row.recordId}`}
            </Anchor>
          ),
        }}
      />
      <Anchor component={Link} to={kindListHref(kind, customer)} size="sm">
        Show all in {many}
      </Anchor>
    </Stack>
  );
}

/** Other customers of the same name (merge), and records that carry that name alone (link). */
function SameName({ loaded }: { loaded: Loaded }) {
  const canChange = useCan('crmAdmin');
  const { customer, sameName, unlinked } = loaded;
  const reload = [loadCustomer, loadCustomerRecords];
  const merge = useAction(mergeCustomers, { success: CUSTOMERS_MERGED, errors: 'alert', reload });
  const link = useAction(linkRecord, { success: RECORD_LINKED, errors: 'alert', reload });
  if (sameName.length === 0 && unlinked.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="same-person">
      <Title order={2} size="h3" id="same-person">
        Possibly the same person
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sameName.map((other) => (
          <Group component="li" key={`c${other.customerId}`} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              <Anchor component={Link} to={`/customers/customer?id=${other.customerId}`}>
                {other.name}
              </Anchor>{' '}
              · {[formatPhone(other.phone), other.email, other.locationName].filter(Boolean).join(' · ')}
            </Text>
            {canChange && (
              <Button
                size="xs"
                variant="light"
                loading={merge.isPending}
                aria-label={`Merge customer ${other.customerId} into this customer`}
                onClick={async () => {
                  const sure = await confirm({
                    title: 'Merge customers',
                    message: `Move every record, phone and email of customer ${other.customerId} (${other.name}) to this customer? Their page will lead here.`,
                    confirmLabel: 'Merge',
                  });
                  if (sure) merge.mutate({ customerId: customer.customerId, mergedId: other.customerId });
                }}
              >
                Merge into this customer
              </Button>
            )}
          </Group>
        ))}
        {unlinked.map((row) => (
          <Group component="li" key={`l${row.linkId}`} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {row.kindLabel}:{' '}
              <Anchor component={Link} to={row.href}>
                {row.summary}
              </Anchor>{' '}
              · {row.locationName} · {formatDateTime(row.at)}
            </Text>
            {canChange && (
              <Button
                size="xs"
                variant="light"
                loading={link.isPending}
                aria-label={`Link ${row.kindLabel.toLowerCase()} ${row.summary} to this customer`}
                onClick={() => link.mutate({ customerId: customer.customerId, linkId: row.linkId })}
              >
                Link to this customer
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function CustomerBody({ loaded }: { loaded: Loaded }) {
  const { customer, counts, texts, calls } = loaded;
  const tabs = [
    ...(texts.length ? [{ value: 'texts', label: 'Texts', count: texts.length }] : []),
    ...(calls.length ? [{ value: 'calls', label: 'Calls', count: calls.length }] : []),
    ...counts.map((c) => ({ value: c.kind, label: linkKindLabels[c.kind][1], count: c.count })),
  ];
  const [tab, setTab] = useState<string | null>(null);
  const shown = tab && tabs.some((t) => t.value === tab) ? tab : (tabs[0]?.value ?? null);
  return (
    <Stack gap="md">
      <Header customer={customer} mergedFrom={loaded.mergedFrom} />
      {tabs.length === 0 ? (
        <Text c="dimmed">No records of this customer within your stores.</Text>
      ) : (
        <Tabs value={shown} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label="Records">
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label} ({t.value === 'texts' || t.value === 'calls' ? recentLabel(t.count) : countLabel(t.count)})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="texts" pt="sm">
            <Texts texts={texts} customer={customer} />
          </Tabs.Panel>
          <Tabs.Panel value="calls" pt="sm">
            <Calls calls={calls} customer={customer} />
          </Tabs.Panel>
          {linkKinds.map((kind) => (
            <Tabs.Panel key={kind} value={kind} pt="sm">
              <Records customer={customer} kind={kind} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      <SameName loaded={loaded} />
    </Stack>
  );
}

/**
 * The customer page (docs/customers.md): `?id=` names the customer; `?kind=&recordId=` the record whose
 * customer to show (the links on the record screens), which the page turns into the customer's address.
 */
export default function CustomerPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const kindParam = params.get('kind') ?? '';
  const kind = (linkKinds as readonly string[]).includes(kindParam) ? (kindParam as LinkKind) : null;
  const recordId = Number(params.get('recordId')) || 0;
  const of = useActionQuery(
    findCustomerOf,
    { kind: kind ?? 'appraisal', recordId },
    { enabled: !id && kind !== null && recordId > 0 },
  );
  const found = of.data?.customerId;
  useEffect(() => {
    if (found) setParams({ id: String(found) }, { replace: true });
  }, [found, setParams]);
  const loaded = useActionQuery(loadCustomer, { customerId: id }, { enabled: id > 0 });

  let body;
  if (id > 0) {
    body = loaded.data ? <CustomerBody loaded={loaded.data} /> : null;
  } else if (of.data && !of.data.customerId) {
    body = (
      <Alert color="gray" title="No customer yet">
        This {kind ? linkKindLabels[kind][0].toLowerCase() : 'record'} names {of.data.name || 'nobody'} without a phone
        or email, so it is on no customer yet. It is offered as "possibly the same person" on the page of a customer of
        that name, to link by hand.
      </Alert>
    );
  }
  const error =
    loaded.error ?? of.error ?? (id > 0 || (kind && recordId > 0) ? null : 'This address names no customer.');
  return (
    <Stack className="customer-page" maw={1100}>
      <Anchor component={Link} to="/customers/" size="sm">
        ← Customers
      </Anchor>
      {(loaded.isPending && loaded.fetchStatus !== 'idle') || (of.isPending && of.fetchStatus !== 'idle') ? (
        <Loader aria-label="Loading" />
      ) : null}
      <ActionAlert error={error} title="The customer did not open" />
      {!loaded.data && <Title order={1}>Customer</Title>}
      {body}
    </Stack>
  );
}
