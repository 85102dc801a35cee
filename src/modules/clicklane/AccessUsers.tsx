import { useNavigate } from 'react-router';
import { ListScreen } from '../../web/ui/ListScreen';
import { laneUserColumns, laneUserHref, loadUsers } from './clicklane.contract';

/** access users (seed 000): the customers' accounts on the delivery product; a row opens the user edit screen. */
export default function AccessUsers() {
  const navigate = useNavigate();
  return (
    <ListScreen
      className="access-users"
      title="Lane users"
      action={loadUsers}
      noun={['user', 'users']}
      columns={laneUserColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name, email or phone' },
        {
          name: 'signedIn',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Has signed in' },
            { value: '0', label: 'Never signed in' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.userId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => void navigate(laneUserHref(row.userId))}
    />
  );
}
