import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  FileInput,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCopy, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { useAction } from '../../web/ui/useAction';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { LocationSelect } from '../../web/options/LocationSelect';
import { locationSelectData, useLocationOptions } from '../../web/options/locationOptions';
import { countText } from '../../web/ui/PagedList';
import { callAction, uploadAction } from '../../web/api';
import { formatDateTime, formatPhone } from '../../shared/format';
import type { Contract, InputOf, OutputOf } from '../../shared/contract';
import {
  cleanSoldList,
  CSV_MAX_BYTES,
  importGubagooLeads,
  leadFieldLabels,
  previewGubagooLeads,
} from './experience.contract';

/** How many leads the preview shows; the rest are counted. */
const PREVIEW_ROWS = 10;

/** Sends the form as JSON, or with the chosen file as a multipart upload (the server reads the file first). */
function sender<C extends Contract>(contract: C, file: File | null) {
  return (input: InputOf<C>) => {
    if (!file) return callAction(contract, input);
    const fields = Object.fromEntries(
      Object.entries(input as Record<string, unknown>).flatMap(([k, v]) =>
        v === undefined || v === null ? [] : [[k, String(v)]],
      ),
    );
    return uploadAction(contract, { file }, fields);
  };
}

function download(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}

/** The CSV file picker beside a paste box: its error comes back from the server as the `file` field's. */
function CsvFileInput({
  file,
  onChange,
  error,
  description,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: ReactNode;
  description: string;
}) {
  return (
    <FileInput
      label="CSV file"
      name="file"
      value={file}
      onChange={onChange}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': 'Remove the file' }}
      accept=".csv,.txt,text/csv,text/plain"
      leftSection={<IconFileTypeCsv size={18} />}
      placeholder="Choose a file"
      description={`${description} At most ${CSV_MAX_BYTES / 1048576} MB.`}
    />
  );
}

/** A small table that scrolls sideways on a phone rather than squeezing its columns. */
function ResultTable({
  label,
  head,
  rows,
  minWidth = 520,
}: {
  label: string;
  head: string[];
  rows: ReactNode[][];
  minWidth?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Clean a sold list (seed 000: experience/clean-sold-list → data.clean): a marketing list, pasted or
 * a CSV file, with the customers who bought taken off, to copy or download.
 */
function CleanPanel() {
  const locations = useLocationOptions();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<OutputOf<typeof cleanSoldList> | null>(null);
  const form = useContractForm(cleanSoldList, {
    initialValues: { locationId: '', list: '' },
    send: sender(cleanSoldList, file),
    onSuccess: setResult,
  });
  const chooseFile = (next: File | null) => {
    setFile(next);
    form.form.clearFieldError('file');
  };
  const clean = result?.clean.join('\n') ?? '';
  return (
    <Stack maw={820}>
      <RecordForm form={form} failTitle="The list was not cleaned" submitLabel="Clean the list" buttons="start">
        <SearchableSelect
          {...form.field('locationId')}
          data={locationSelectData(locations.data)}
          clearable
          description="The store whose sold customers come off the list; leave it empty for every store you can reach."
        />
        <Textarea
          {...form.field('list')}
          autosize
          minRows={6}
          maxRows={14}
          disabled={Boolean(file)}
          description={
            file ? 'The CSV file is cleaned instead.' : 'Phone numbers or emails, one per line or separated by commas.'
          }
        />
        <CsvFileInput
          file={file}
          onChange={chooseFile}
          error={form.form.errors.file}
          description="Or a list with a Phone or Email column; its other columns stay as they are."
        />
      </RecordForm>
      {result && (
        <Stack className="clean-result">
          <Title order={2} size="h4">
            {countText(result.removedCount, ['sold customer removed', 'sold customers removed'])}
          </Title>
          {result.removed.length > 0 && (
            <ResultTable
              label="Sold customers removed"
              head={['Row', 'Entry', 'Customer', 'Store']}
              rows={result.removed.map((r) => [
                r.row,
                r.entry.startsWith('+') ? formatPhone(r.entry) : r.entry,
                r.customer,
                r.locationName,
              ])}
            />
          )}
          <Group justify="space-between">
            <Text fw={500}>
              {countText(result.clean.length, ['entry left on the list', 'entries left on the list'])}
              {result.duplicates ? ` (${countText(result.duplicates, ['duplicate', 'duplicates'])} removed)` : ''}
            </Text>
            <Group gap="xs">
              <CopyButton value={clean}>
                {({ copied, copy }) => (
                  <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy the clean list'}
                  </Button>
                )}
              </CopyButton>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => download(result.csv, 'clean-list.csv')}
              >
                Download CSV
              </Button>
            </Group>
          </Group>
          <Textarea label="Clean list" readOnly autosize minRows={3} maxRows={12} value={clean} />
          {result.rejected.length > 0 && (
            <Alert color="orange" title={`${countText(result.rejected.length, ['entry', 'entries'])} left out`}>
              <ResultTable
                label="Entries left out"
                head={['Row', 'Entry', 'Why']}
                rows={result.rejected.map((r) => [r.row, r.entry, r.reason])}
                minWidth={0}
              />
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

type Preview = OutputOf<typeof previewGubagooLeads>;

/** The leads of an export as they would be (or were) imported. */
function LeadsTable({ leads, label }: { leads: Preview['clean']; label: string }) {
  return (
    <ResultTable
      label={label}
      minWidth={760}
      head={['Row', 'Name', 'Phone', 'Email', 'Chatted', 'Message', 'Contact']}
      rows={leads.map((l) => [
        l.row,
        [l.firstName, l.lastName].filter(Boolean).join(' ') || '—',
        formatPhone(l.mobilePhone) || '—',
        l.email || '—',
        l.chattedAt ? formatDateTime(l.chattedAt) : '—',
        <Text key="m" size="sm" lineClamp={2}>
          {l.message || '—'}
        </Text>,
        l.contact === 'new' ? (
          <Badge key="c" variant="light" color="green">
            New
          </Badge>
        ) : (
          <Badge key="c" variant="light">
            Existing
          </Badge>
        ),
      ])}
    />
  );
}

function RejectedRows({ rows }: { rows: Preview['rejected'] }) {
  if (rows.length === 0) return null;
  return (
    <Alert color="orange" title={`${countText(rows.length, ['row', 'rows'])} cannot be imported and will be skipped`}>
      <ResultTable label="Rows skipped" head={['Row', 'Why']} rows={rows.map((r) => [r.row, r.reason])} minWidth={0} />
    </Alert>
  );
}

/**
 * Import chat leads (seed 000: experience/import-gubagoo-leads → data.clean): the website chat's
 * export, pasted or a CSV file, previewed first (its columns, its leads, the rows that will be
 * skipped), then imported into a store's contacts.
 */
function ImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [imported, setImported] = useState<OutputOf<typeof importGubagooLeads> | null>(null);
  const form = useContractForm(previewGubagooLeads, {
    initialValues: { locationId: '', leads: '' },
    send: sender(previewGubagooLeads, file),
    onSuccess: (data) => {
      setPreview(data);
      setImported(null);
    },
  });
  // What is previewed is what is imported: a change to the form asks for a new preview.
  const changed = () => {
    setPreview(null);
    form.form.clearFieldError('file');
  };
  const run = useAction(importGubagooLeads, {
    send: sender(importGubagooLeads, file),
    success: (data) => `${countText(data.leadCount, ['chat lead', 'chat leads'])} imported.`,
    onSuccess: (data) => {
      setImported(data);
      setPreview(null);
    },
  });
  const values = form.values;
  const field = <K extends 'locationId' | 'leads'>(name: K) => {
    const props = form.field(name);
    return {
      ...props,
      onChange: (value: unknown) => {
        changed();
        props.onChange(value);
      },
    };
  };
  return (
    <Stack maw={980}>
      <RecordForm form={form} failTitle="The leads could not be read" submitLabel="Preview" buttons="start">
        <LocationSelect
          form={form.form}
          {...field('locationId')}
          description="The store whose contacts the leads join."
        />
        <Textarea
          {...field('leads')}
          autosize
          minRows={5}
          maxRows={12}
          disabled={Boolean(file)}
          description={
            file
              ? 'The CSV file is read instead.'
              : 'The chat export copied from its spreadsheet: the first row names the columns (First name, Last name, Phone, Email, Date, Message).'
          }
        />
        <CsvFileInput
          file={file}
          onChange={(next) => {
            changed();
            setFile(next);
          }}
          error={form.form.errors.file}
          description="Or the export saved as a CSV file."
        />
      </RecordForm>
      {preview && (
        <Stack className="leads-preview">
          <Title order={2} size="h4">
            Preview: {countText(preview.clean.length, ['lead', 'leads'])} of{' '}
            {countText(preview.rowCount, ['row', 'rows'])} can be imported
          </Title>
          <Group gap="xs" aria-label="Columns read">
            {preview.columns.map((c, i) => (
              <Badge key={i} variant={c.field ? 'light' : 'outline'} color={c.field ? 'blue' : 'gray'} tt="none">
                {c.header || '(no header)'} → {c.field ? leadFieldLabels[c.field] : 'not read'}
              </Badge>
            ))}
          </Group>
          {preview.clean.length > 0 && (
            <LeadsTable leads={preview.clean.slice(0, PREVIEW_ROWS)} label="Leads to import" />
          )}
          {preview.clean.length > PREVIEW_ROWS && (
            <Text size="sm" c="dimmed">
              …and {countText(preview.clean.length - PREVIEW_ROWS, ['more lead', 'more leads'])}.
            </Text>
          )}
          <RejectedRows rows={preview.rejected} />
          <ActionAlert error={run.error} title="The leads were not imported" />
          <Group>
            <Button
              onClick={() => run.mutate({ locationId: values.locationId, leads: values.leads })}
              loading={run.isPending}
              disabled={preview.clean.length === 0}
            >
              Import {countText(preview.clean.length, ['lead', 'leads'])}
            </Button>
          </Group>
        </Stack>
      )}
      {imported && (
        <Stack className="leads-imported">
          <Title order={2} size="h4">
            {countText(imported.leadCount, ['chat lead', 'chat leads'])} imported
          </Title>
          <Text>
            {countText(imported.addedCount, ['new contact', 'new contacts'])},{' '}
            {countText(imported.updatedCount, ['existing contact', 'existing contacts'])}
            {imported.alreadyCount
              ? `; ${countText(imported.alreadyCount, ['chat was', 'chats were'])} imported before and skipped`
              : ''}
            {imported.rejected.length ? `; ${countText(imported.rejected.length, ['row', 'rows'])} skipped` : ''}.
          </Text>
          <LeadsTable leads={imported.clean.slice(0, PREVIEW_ROWS)} label="Leads imported" />
          <RejectedRows rows={imported.rejected} />
        </Stack>
      )}
    </Stack>
  );
}

/** clean-sold-list (seed 000): the sold-list cleaning and, beside it, the website chat's lead import. */
export default function CleanSoldList() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'import' ? 'import' : 'clean';
  return (
    <div className="clean-sold-list">
      <Title order={1} mb="md">
        Clean sold list
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'import' ? { tab: 'import' } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="clean">Clean a sold list</Tabs.Tab>
          <Tabs.Tab value="import">Import chat leads</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clean">
          <CleanPanel />
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <ImportPanel />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
