/**
 * appraisal locations (seed 000): one row per store with its appraisals by status, the offers made
 * and their total, over the days created (all time without dates); the header counts the offers
 * made (`offerCountFormatted`) and the appraisals (`totalAppraisals`).
 */
import { ListScreen } from '../../web/ui/ListScreen';
import { formatMoney, formatNumber } from '../../shared/format';
import { appraisalSourceLabels, appraisalSources, loadLocations, locationColumns } from './appraisals.contract';
import { optionsOf } from '../../web/options/optionsOf';

export default function AppraisalLocations() {
  return (
    <ListScreen
      className="appraisal-locations"
      title="Appraisal locations"
      action={loadLocations}
      noun={['store', 'stores']}
      columns={locationColumns}
      filters={[
        { name: 'locationId', kind: 'location' },
        { name: 'source', kind: 'select', data: optionsOf(appraisalSources, appraisalSourceLabels) },
        { name: 'minCreatedAt', kind: 'date', defaultValue: '' },
        { name: 'maxCreatedAt', kind: 'date', defaultValue: '' },
      ]}
      updateUrl
      rowKey={(row) => row.locationId}
      rowLabel={(row) => row.locationName}
      countDetail={(reply) =>
        typeof reply.totalAppraisals === 'number'
          ? `with ${formatNumber(reply.totalAppraisals)} appraisals and ${String(reply.offerCountFormatted)} offers made`
          : ''
      }
      cells={{ offerTotal: (row) => formatMoney(row.offerTotalCents) }}
    />
  );
}
