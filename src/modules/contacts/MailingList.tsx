import { Badge } from '@mantine/core';
import { ListScreen } from '../../web/ui/ListScreen';
import { formatPhone } from '../../shared/format';
import { contactSources, loadMailingList, mailingListColumns, sourceLabels } from './contacts.contract';
import { optionsOf } from '../../web/options/optionsOf';

/**
 * mailing-list (seed 000: /experience/contacts/mailing-list, filters in the query string): the
 * stores' contacts to market to, by who a text or an email reaches, with the CSV download.
 */
export default function MailingList() {
  return (
    <ListScreen
      className="mailing-list"
      title="Mailing list"
      action={loadMailingList}
      noun={['contact', 'contacts']}
      columns={mailingListColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name or email' },
        { name: 'locationId', kind: 'location' },
        {
          name: 'reach',
          kind: 'select',
          data: [
            { value: 'text', label: 'Text (not opted out)' },
            { value: 'email', label: 'Email' },
          ],
        },
        { name: 'source', kind: 'select', data: optionsOf(contactSources, sourceLabels) },
        {
          name: 'sold',
          kind: 'select',
          data: [
            { value: '1', label: 'Yes' },
            { value: '0', label: 'No' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.contactId}
      rowLabel={(row) =>
        [row.firstName, row.lastName].filter(Boolean).join(' ') || formatPhone(row.mobilePhone ?? '') || row.email
      }
      emptyText="No contact matches these filters."
      cells={{
        optedOut: (row) =>
          row.optedOut ? (
            <Badge color="orange" variant="light">
              Opted out
            </Badge>
          ) : (
            ''
          ),
        sold: (row) => (row.sold ? <Badge variant="light">Sold</Badge> : ''),
      }}
    />
  );
}
