import { useNavigate, useSearchParams } from 'react-router';
import { Anchor, Badge, Button } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { ListScreen } from '../../web/ui/ListScreen';
import { useRowActions } from '../../web/ui/RecordForm';
import { formatNumber } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import { deleteGroup, GROUP_DELETED, groupColumns, loadGroups } from './notification-groups.contract';
import { GROUP_LISTS, topicOptions, useGroupModals } from './GroupForm';

type Row = RowOf<typeof loadGroups>;

export const membersHref = (groupId: number) => `/notification-groups/members?groupId=${groupId}`;

/** notification-group-manager: who at each location is told of what, with add-group and edit-group modals. */
export default function NotificationGroupManager() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const records = useGroupModals(params.get('locationId') ?? undefined);
  const rowActions = useRowActions(deleteGroup, {
    edit: (row: Row) => records.edit(row),
    question: (row) => `Are you sure you want to delete the notification group ${row.name} of ${row.locationName}?`,
    input: (row) => ({ groupId: row.groupId }),
    success: GROUP_DELETED,
    successMs: 4000,
    reload: GROUP_LISTS,
    undoable: true,
  });

  return (
    <ListScreen
      className="notification-group-manager"
      title="Notification groups"
      action={loadGroups}
      noun={['notification group', 'notification groups']}
      columns={groupColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Group name' },
        { name: 'locationId', kind: 'location' },
        { name: 'topic', kind: 'select', placeholder: 'Any', data: topicOptions },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.groupId}
      rowLabel={(row) => row.name}
      onRowClick={(row) => records.edit(row)}
      rowActions={(row) => [
        { label: 'Members', icon: <IconUsers size={16} />, onClick: () => navigate(membersHref(row.groupId)) },
        ...rowActions(row),
      ]}
      cells={{
        memberCount: (row) => (
          <Anchor
            href={membersHref(row.groupId)}
            size="sm"
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              navigate(membersHref(row.groupId));
            }}
          >
            {formatNumber(row.memberCount)} {row.memberCount === 1 ? 'member' : 'members'}
          </Anchor>
        ),
        active: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.active ? 'Active' : 'Inactive'}
          </Badge>
        ),
      }}
      toolbar={
        <>
          <Button
            variant="default"
            leftSection={<IconUsers size={16} />}
            onClick={() => navigate('/notification-groups/members')}
          >
            All members
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={records.add}>
            Add notification group
          </Button>
        </>
      }
    >
      {records.modals}
    </ListScreen>
  );
}
