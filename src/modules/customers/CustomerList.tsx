import { useNavigate } from 'react-router';
import { ListScreen } from '../../web/ui/ListScreen';
import type { RowOf } from '../../shared/contract';
import { formatPhone } from '../../shared/format';
import { customerColumns, loadCustomers } from './customers.contract';

type Row = RowOf<typeof loadCustomers>;

/** Every customer within reach, last seen first; one opens their page (docs/customers.md). */
export default function CustomerList() {
  const navigate = useNavigate();
  return (
    <ListScreen
      className="customer-list"
      title="Customers"
      action={loadCustomers}
      noun={['customer', 'customers']}
      columns={customerColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name, phone or email' },
        { name: 'locationId', kind: 'location' },
      ]}
      updateUrl
      rowKey={(row: Row) => row.customerId}
      rowLabel={(row: Row) => row.name || formatPhone(row.phone) || row.email}
      onRowClick={(row: Row) => navigate(`/customers/customer?id=${row.customerId}`)}
      emptyText="No customers match these filters."
    />
  );
}
