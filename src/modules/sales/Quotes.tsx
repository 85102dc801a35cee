import { useState } from 'react';
import { Link } from 'react-router';
import { IconCalculator } from '@tabler/icons-react';
import { Slot } from '../../web/slots';
import { Anchor, Badge, Button, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import { closeModal, IdModal, openModal } from '../../web/ui/modals';
import { notifySuccess } from '../../web/ui/notify';
import { ListScreen } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { formatDate, formatDateTime } from '../../shared/format';
import { useSignedIn } from '../../web/shell/session';
import { publicAddress } from '../../shared/address';
import { loadQuotes, quoteColumns, TEXT_COPIED } from './price-builder.contract';
import { QUOTE_PATH } from './quote';

type Row = RowOf<typeof loadQuotes>;

/** The price builder's quotes (docs/sales.md): who quoted what for whom, and whether the customer opened it. */
export default function Quotes() {
  const [shown, setShown] = useState<Row | null>(null);
  return (
    <ListScreen
      className="price-builder-quotes"
      title="Quotes"
      action={loadQuotes}
      noun={['quote', 'quotes']}
      columns={quoteColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer, model, stock number or VIN' },
        { name: 'locationId', kind: 'location' },
        { name: 'mine', kind: 'select', placeholder: 'Anyone', data: [{ value: '1', label: 'Me' }] },
        {
          name: 'viewed',
          kind: 'select',
          placeholder: 'Either',
          data: [
            { value: '1', label: 'Opened' },
            { value: '0', label: 'Not yet opened' },
          ],
        },
        { name: 'minCreatedAt', kind: 'date' },
        { name: 'maxCreatedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.quoteId}
      rowLabel={(row) => `${row.vehicle} for ${row.customerName || 'a customer'}`}
      onRowClick={(row) => {
        setShown(row);
        openModal(QUOTE);
      }}
      emptyText="No quotes match these filters; quotes appear here once copied or texted from the price builder."
      cells={{
        views: (row) =>
          row.firstViewedAt ? (
            <Badge color="teal" variant="light" title={`First opened ${formatDateTime(row.firstViewedAt)}`}>
              {row.views === 1 ? 'Once' : `${row.views} times`}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Not yet
            </Badge>
          ),
        expiresAt: (row) =>
          row.expired ? (
            <Badge color="orange" variant="light">
              Expired
            </Badge>
          ) : undefined,
      }}
    >
      <IdModal
        id={QUOTE}
        title={shown ? `${shown.vehicle}${shown.customerName ? ` for ${shown.customerName}` : ''}` : 'Quote'}
      >
        {shown && <QuoteDetail quote={shown} />}
      </IdModal>
    </ListScreen>
  );
}

const QUOTE = 'price-builder-quote';

/** A quote as the list knows it, with its customer page's address to open or copy again. */
function QuoteDetail({ quote }: { quote: Row }) {
  // Addressed as save-quote addresses it: from the server's public address, whatever host staff reach it by.
  const url = publicAddress(useSignedIn().publicUrl!, `${QUOTE_PATH}/${quote.token}`);
  const row = (label: string, value: string) => (
    <Table.Tr>
      <Table.Th fw={400}>{label}</Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
  return (
    <Stack>
      {quote.customerName && (
        <Text size="sm">
          For{' '}
          <Slot
            name="customerName"
            props={{ kind: 'quote', recordId: quote.quoteId, name: quote.customerName }}
            fallback={quote.customerName}
          />
        </Text>
      )}
      <Table>
        <Table.Tbody>
          {quote.vin && (
            <Table.Tr>
              <Table.Th fw={400}>VIN</Table.Th>
              <Table.Td>
                <Slot name="vehicleVin" props={{ vin: quote.vin }} fallback={quote.vin} />
              </Table.Td>
            </Table.Tr>
          )}
          {row('Total', quote.total)}
          {row(
            'Made',
            `${formatDateTime(quote.createdAt)}${quote.userName ? ` by ${quote.userName}` : ''}, ${quote.locationName}`,
          )}
          {row(
            'Opened',
            quote.firstViewedAt
              ? `${quote.views === 1 ? 'Once' : `${quote.views} times`}, first ${formatDateTime(quote.firstViewedAt)}`
              : 'Not yet',
          )}
          {row(quote.expired ? 'Expired' : 'Good until', formatDate(quote.expiresAt))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          component={Link}
          to={`/sales/desking?quoteId=${quote.quoteId}`}
          size="compact-sm"
          leftSection={<IconCalculator size={14} />}
          onClick={() => closeModal(QUOTE)}
        >
          Desk this quote
        </Button>
        <Anchor href={url} target="_blank" rel="noopener">
          Open the customer's page
        </Anchor>
        <CopyButton value={url}>
          {({ copy }) => (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => {
                copy();
                notifySuccess(TEXT_COPIED, 2000);
              }}
            >
              Copy the link
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
