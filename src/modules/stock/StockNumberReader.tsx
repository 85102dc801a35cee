import { useState } from 'react';
import { Alert, Button, Group, Stack, Textarea, Title } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { DataTable } from '../../web/ui/DataTable';
import { Form } from '../../web/ui/Form';
import { countText } from '../../web/ui/PagedList';
import { MAX_BATCH, readerTerms, readStocks, stockColumns, unmatchedTerms, type StockRow } from './stock.contract';
import { useStockModals } from './StockForms';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { VinSlot } from '../../web/slots';

/**
 * stock-number-reader (seed 002; what it reads is ours, docs/stock.md): lines of stock numbers,
 * VINs or the last eight characters of a VIN, as a scanner or a title clerk's list gives them, and
 * the stock number each names; the lines that name none are listed apart. The lines stay in the
 * address, so a shared link reads the same.
 */
export default function StockNumberReader() {
  const [params, setParams] = useSearchParams();
  const terms = params.get('terms') ?? '';
  const locationId = params.get('locationId') ?? '';
  const [draft, setDraft] = useState({ terms, locationId });
  const modals = useStockModals();
  const locations = useLocationOptions();
  // A reader's answer is at most a few hundred rows: one page, its largest.
  const read = useActionQuery(
    readStocks,
    { terms, locationId, limit: MAX_BATCH, view: 'rows' },
    { enabled: terms.trim() !== '' },
  );
  const missing = read.data ? unmatchedTerms(readerTerms(terms), read.data.rows) : [];
  const lines = draft.terms.split(/\r?\n/).filter((l) => l.trim()).length;

  return (
    <div className="stock-number-reader">
      <Title order={1} mb="md">
        Stock number reader
      </Title>
      <Form
        onSubmit={() => setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())))}
        submitOnEnter={false}
      >
        <Stack maw={760}>
          <Textarea
            label="Stock numbers or VINs"
            autosize
            minRows={5}
            maxRows={14}
            value={draft.terms}
            data-autofocus
            onChange={(e) => setDraft({ ...draft, terms: e.currentTarget.value })}
            description={`One per line: a stock number, a VIN, or a VIN's last 8 characters (${lines} of ${MAX_BATCH})`}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group align="flex-end">
            <SearchableSelect
              label="Location"
              clearable
              placeholder="Any location"
              data={locationSelectData(locations.data)}
              value={draft.locationId || null}
              onChange={(value) => setDraft({ ...draft, locationId: value ?? '' })}
            />
            <Button type="submit" leftSection={<IconBarcode size={16} />} loading={read.isFetching}>
              Read
            </Button>
          </Group>
        </Stack>
      </Form>
      {read.data && (
        <Stack mt="lg">
          {missing.length > 0 && (
            <Alert color="orange" title={`${countText(missing.length, ['line names', 'lines name'])} no stock number`}>
              {missing.join(', ')}
            </Alert>
          )}
          <Title order={2} size="h4">
            {countText(read.data.rows.length, ['stock number', 'stock numbers'])}
          </Title>
          <DataTable<StockRow>
            label="Stock numbers read"
            columns={stockColumns}
            rows={read.data.rows}
            rowKey={(row) => row.id}
            rowLabel={(row) => row.stock}
            onRowClick={(row) => modals.update(row.stock)}
            emptyText="None of these lines names a stock number you can see."
            cells={{ vin: (row) => <VinSlot vin={row.vin} /> }}
          />
        </Stack>
      )}
      {modals.modals}
    </div>
  );
}
