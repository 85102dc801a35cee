import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconEdit } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { FilteredScreen } from '../../web/ui/ListScreen';
import { PagedList } from '../../web/ui/PagedList';
import type { RowOf } from '../../shared/contract';
import { EXPORT_ROUTE, loadGroup, loadGroupMembers, memberColumns } from './notification-groups.contract';
import { useGroupModals } from './GroupForm';
import { useActionQuery } from '../../web/ui/useActionQuery';

type Row = RowOf<typeof loadGroupMembers>;
/** Of one group, the group's name is the title. */
const oneGroupColumns = memberColumns.filter((c) => c.key !== 'groupName');

/** A group has at most 100 members, the export's default limit; every membership within reach needs a limit of its own. */
const EVERY_MEMBERSHIP = 100_000;

const back = (
  <Anchor component={Link} to="/notification-groups/" size="sm">
    <Group gap={4}>
      <IconArrowLeft size={14} />
      Notification groups
    </Group>
  </Anchor>
);

/**
 * notification-group-members: one group's members (`?groupId=`), with its CSV export and its edit-group
 * modal; without a group, every membership within reach.
 */
export default function NotificationGroupMembers() {
  const [params] = useSearchParams();
  const groupId = Number(params.get('groupId')) || 0;
  const records = useGroupModals();
  // A saved group reloads its header with its members (GROUP_LISTS).
  const group = useActionQuery(
    loadGroup,
    { groupId },
    { enabled: groupId > 0, retry: false, select: (reply) => reply.group },
  );

  if (group.isError) {
    return (
      <div className="notification-group-members">
        <Stack>
          {back}
          <ActionAlert error={group.error} title="The notification group could not be loaded" />
        </Stack>
      </div>
    );
  }
  const g = group.data;
  return (
    <FilteredScreen
      className="notification-group-members"
      title={!groupId ? 'Members of notification groups' : g ? `Members of ${g.name}` : 'Members'}
      toolbar={
        <>
          <Button
            component="a"
            variant="default"
            leftSection={<IconDownload size={16} />}
            href={groupId ? `${EXPORT_ROUTE}?groupId=${groupId}` : `${EXPORT_ROUTE}?limit=${EVERY_MEMBERSHIP}`}
          >
            Download CSV
          </Button>
          {g && (
            <Button leftSection={<IconEdit size={16} />} onClick={() => records.edit(g)}>
              Edit group
            </Button>
          )}
        </>
      }
      above={
        <Stack gap={4}>
          {back}
          {g && (
            <Group gap="xs">
              <Text size="sm">
                {g.locationName} · told of {g.topicLabel.toLowerCase()}
              </Text>
              <Badge color={g.active ? 'teal' : 'gray'} variant="light">
                {g.active ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
          )}
        </Stack>
      }
    >
      {() => (
        <>
          <PagedList<Row>
            action={loadGroupMembers}
            params={groupId ? { groupId } : {}}
            noun={['member', 'members']}
            columns={groupId ? oneGroupColumns : memberColumns}
            rowKey={(row) => row.memberId}
            rowLabel={(row) => row.name}
            // A contact has no account to lock.
            cells={{
              accountLocked: (row) =>
                row.kind === 'contact' ? (
                  ''
                ) : row.accountLocked ? (
                  <Badge color="red" variant="light">
                    Locked
                  </Badge>
                ) : (
                  'No'
                ),
            }}
            emptyText={
              groupId
                ? 'Nobody is in this group yet: edit the group to add staff or contacts.'
                : 'No notification group has members yet.'
            }
          />
          {records.modals}
        </>
      )}
    </FilteredScreen>
  );
}
