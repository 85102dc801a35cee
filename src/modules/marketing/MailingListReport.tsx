import { useNavigate } from 'react-router';
import { Anchor } from '@mantine/core';
import { useLocationOptions } from '../../web/options/locationOptions';
import { ListScreen } from '../../web/ui/ListScreen';
import { formatNumber } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import { loadMailingListReport, mailingListReportColumns, storeMailingListHref } from './marketing.contract';

type Row = RowOf<typeof loadMailingListReport>;

/**
 * mailing-list-report (seed 001: "mailing-list report"; its address is not shown, filters in the
 * query string): each store's mailing list counted. Each count links to the store's mailing list
 * narrowed to what it counts, and a store's row opens its whole list.
 */
export default function MailingListReport() {
  const navigate = useNavigate();
  const options = useLocationOptions();
  /** A count as a link to the store's mailing list narrowed to the contacts it counts. */
  const linked = (count: number, row: Row, narrowed: string, what: string) => (
    <Anchor
      href={`${storeMailingListHref(row.locationId)}${narrowed}`}
      size="sm"
      aria-label={`${formatNumber(count)} ${what} at ${row.name}`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        navigate(`${storeMailingListHref(row.locationId)}${narrowed}`);
      }}
    >
      {formatNumber(count)}
    </Anchor>
  );
  return (
    <ListScreen
      className="mailing-list-report"
      title="Mailing-list report"
      action={loadMailingListReport}
      noun={['store', 'stores']}
      columns={mailingListReportColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Store name or code' },
        { name: 'region', kind: 'select', data: options.data?.regions ?? [] },
      ]}
      updateUrl
      rowKey={(row) => row.locationId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => navigate(storeMailingListHref(row.locationId))}
      emptyText="No store matches these filters."
      cells={{
        // Text only: the row's first cell is its button.
        name: (row) => `${row.name} (${row.code})${row.active ? '' : ' · inactive'}`,
        contactCount: (row) => linked(row.contactCount, row, '', 'contacts'),
        textCount: (row) => linked(row.textCount, row, '&reach=text', 'contacts a text reaches'),
        emailCount: (row) => linked(row.emailCount, row, '&reach=email', 'contacts an email reaches'),
        soldCount: (row) => linked(row.soldCount, row, '&sold=1', 'contacts who bought'),
        newCount: (row) => linked(row.newCount, row, '&sort=createdAt&dir=desc', 'new contacts, newest first'),
      }}
    />
  );
}
