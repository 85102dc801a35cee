/**
 * The read view of one record on its own page (an appointment, a call, a purchase, a shipment): the
 * way back to the list it was opened from, its name as the heading and the tab's title ("Appointment
 * · Rosa Martinez · Forecourt"), and its fields. A list opens it with `useOpenRecord`.
 */
import { useCallback, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Anchor, Box, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Callable, InputOf, OutputOf } from '../../shared/contract';
import { ActionAlert } from './ActionAlert';
import { useActionQuery } from './useActionQuery';

/** What a list puts in the history entry of a record it opens: the list's own address, filters and page with it. */
interface OpenedFrom {
  backTo?: string;
}

/**
 * The record a page's address names by its id (`?id=`), read by its load action: undefined while it
 * loads, null when the address names none.
 */
export function useAddressedRecord<C extends Callable, R>(
  contract: C,
  input: (id: number) => InputOf<C>,
  select: (reply: OutputOf<C>) => R,
) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useActionQuery(contract, input(id), { enabled: id > 0, select });
  return { record: id > 0 ? query.data : null, error: query.error };
}

/**
 * `open(href)` from a list's row: the record's page, whose way back returns to the list as it was
 * (filters, order, page), not to the list's first page.
 */
export function useOpenRecord() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (href: string) => void navigate(href, { state: { backTo: `${pathname}${search}` } satisfies OpenedFrom }),
    [navigate, pathname, search],
  );
}

interface RecordPageProps<R> {
  /** The spec's (or the module's) class on the page root. */
  className: string;
  /** What the record is, in words: "Appointment". */
  kind: string;
  /** The list it belongs to, when the page was not opened from it (a link, a reload). */
  list: { label: string; href: string };
  /**
   * The record's read: undefined while it loads, null when the address names none or none within
   * the user's reach, with its error when the read failed.
   */
  record: R | null | undefined;
  error?: unknown;
  /** The sentence when there is no record: "This address names no appointment." */
  missing: string;
  /** What the record is called: the heading and the tab's title. */
  name: (record: R) => string;
  /** The line under the heading: its number, store, when. */
  summary?: (record: R) => ReactNode;
  /** Buttons beside the heading (Call back). */
  actions?: (record: R) => ReactNode;
  children: (record: R) => ReactNode;
}

export function RecordPage<R>({
  className,
  kind,
  list,
  record,
  error,
  missing,
  name,
  summary,
  actions,
  children,
}: RecordPageProps<R>) {
  const { state } = useLocation();
  const backTo = (state as OpenedFrom | null)?.backTo;
  const title = record ? name(record) : '';
  // The screen's route titles the tab by the kind until the record is known.
  useDocumentTitle(record ? `${kind} · ${title} · Forecourt` : '');
  return (
    <Stack className={className} gap="md" maw={960}>
      <Anchor component={Link} to={backTo ?? list.href} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {list.label}
        </Group>
      </Anchor>
      {record === undefined && !error && <Loader aria-label="Loading" />}
      <ActionAlert
        error={error ?? (record === null ? missing : null)}
        title={`The ${kind.toLowerCase()} did not open`}
      />
      {record ? (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed" fw={600}>
                {kind}
              </Text>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {summary && (
                <Text size="sm" c="dimmed">
                  {summary(record)}
                </Text>
              )}
            </div>
            {actions && <Group gap="xs">{actions(record)}</Group>}
          </Group>
          {children(record)}
        </>
      ) : (
        !error && record === null && <Title order={1}>{kind}</Title>
      )}
    </Stack>
  );
}

export interface RecordField {
  label: string;
  /** Empty (null, undefined, '' or false) reads as a dash. */
  value: ReactNode;
}

/** A record's fields as a description list: label above value, two or three columns when there is room. */
export function RecordFields({ fields }: { fields: RecordField[] }) {
  const empty = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((f) => (
        <Box key={f.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
            {f.label}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {empty(f.value) ? '—' : f.value}
          </Box>
        </Box>
      ))}
    </SimpleGrid>
  );
}
