import { useNavigate } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconLock, IconUserPlus } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { useJobCodeOptions } from '../../web/options/jobCodeOptions';
import { useAction } from '../../web/ui/useAction';
import { countText } from '../../web/ui/PagedList';
import { loadEvents, loadUsers, lockUsers, userColumns, type UserRow } from './users.contract';

/** user-manager: search users by name, username or email, job code, location and lock. */
export default function UserManager() {
  const navigate = useNavigate();
  const jobCodes = useJobCodeOptions();
  const edit = (row: UserRow) => navigate(`/users/edit?id=${row.id}`);
  const lock = useAction(lockUsers, {
    success: (data) => `${countText(data.lockedCount, ['account', 'accounts'])} locked.`,
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadUsers, loadEvents],
  });

  return (
    <ListScreen
      className="user-manager"
      title="Users"
      action={loadUsers}
      noun={['user', 'users']}
      columns={userColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name, username or email' },
        { name: 'jobCode', kind: 'select', data: jobCodes.data },
        { name: 'locationId', kind: 'location' },
        {
          name: 'locked',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Locked' },
            { value: '0', label: 'Not locked' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.id}
      rowLabel={(row) => row.username}
      cardTitle={(row) => `${row.firstName} ${row.lastName}`}
      onRowClick={edit}
      bulkActions={[
        {
          label: 'Lock accounts',
          icon: <IconLock size={16} />,
          question: (rows) =>
            `Lock ${countText(rows.length, ['account', 'accounts'])}? They are signed out at once and cannot sign in until a user admin unlocks them.`,
          run: (rows) => lock.mutateAsync({ userIds: rows.map((row) => row.id) }),
        },
      ]}
      cells={{
        accountLocked: (row) =>
          row.accountLocked ? (
            <Badge color="red" variant="light">
              Locked
            </Badge>
          ) : (
            'No'
          ),
      }}
      toolbar={
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => navigate('/users/edit')}>
          Add user
        </Button>
      }
    />
  );
}
