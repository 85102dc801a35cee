/**
 * The add-group and edit-group modals, shared by the groups list and the members screen: the group,
 * its staff members picked by typing a name (users/list-options), and contacts of its store picked
 * by typing a name or a number (contacts/list-options).
 */
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { callAction } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { RecordForm, useRecordModals } from '../../web/ui/RecordForm';
import { RemoteMultiSelect } from '../../web/ui/RemoteSelect';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useContractForm } from '../../web/ui/useContractForm';
import { userSource } from '../../web/options/userOptions';
import { contactSource } from '../../web/options/contactOptions';
import {
  addGroup,
  editGroup,
  GROUP_ADDED,
  GROUP_UPDATED,
  loadGroup,
  loadGroupMembers,
  loadGroups,
  MAX_MEMBERS,
  notificationTopics,
  topicLabels,
  type GroupRecord,
  type NotificationTopic,
} from './notification-groups.contract';
import { optionsOf } from '../../web/options/optionsOf';

export const GROUP_LISTS = [loadGroups, loadGroupMembers, loadGroup];
export const topicOptions = optionsOf(notificationTopics, topicLabels);

/** Members are the group's staff, found by name wherever they work (a regional manager too). */
function useMemberSource() {
  const locations = useLocationOptions();
  const names = new Map((locations.data?.locations ?? []).map((l) => [l.id, l.name]));
  return userSource((id) => names.get(id));
}

function GroupForm({ record, locationId, done }: { record?: GroupRecord; locationId?: string; done: () => void }) {
  const members = useMemberSource();
  const form = useContractForm(record ? editGroup : addGroup, {
    initialValues: {
      name: record?.name ?? '',
      // A new group is at the location the list is narrowed to, otherwise at the default one.
      locationId: record ? String(record.locationId) : (locationId ?? ''),
      topic: (record?.topic ?? '') as NotificationTopic | '',
      active: record?.active ?? true,
      userIds: (record?.members ?? []).flatMap((m) => (m.userId ? [String(m.userId)] : [])),
      contactIds: (record?.members ?? []).flatMap((m) => (m.contactId ? [String(m.contactId)] : [])),
    },
    toInput: (values) => (record ? { ...values, groupId: record.groupId } : values),
    success: record ? GROUP_UPDATED : GROUP_ADDED,
    successMs: 4000,
    reload: GROUP_LISTS,
    onSuccess: done,
  });
  const contacts = contactSource(form.values.locationId || undefined);
  return (
    <RecordForm
      form={form}
      failTitle="The notification group was not saved"
      submitLabel={record ? 'Save group' : 'Add group'}
      onCancel={done}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus placeholder="e.g. ABG internet leads" {...form.field('name')} />
        <LocationSelect form={form.form} {...form.field('locationId')} />
        <SearchableSelect
          data={topicOptions}
          allowDeselect={false}
          description="What the group is told of"
          {...form.field('topic')}
        />
        <Checkbox
          mt={{ sm: 'xl' }}
          description="An inactive group keeps its members but is told of nothing"
          {...form.checkbox('active')}
        />
      </SimpleGrid>
      <RemoteMultiSelect
        clearable
        source={members}
        description="Staff told of it, from any store; type a name to find them."
        {...form.field('userIds')}
        value={form.values.userIds}
        onChange={(v) => form.form.setFieldValue('userIds', v)}
      />
      <RemoteMultiSelect
        clearable
        source={contacts}
        disabled={!form.values.locationId && form.values.contactIds.length === 0}
        description={
          form.values.locationId
            ? `Customers or partners of the group's store told of it; type a name or a number. Up to ${MAX_MEMBERS} members in all.`
            : "Choose the location first: a group tells its own store's contacts."
        }
        {...form.field('contactIds')}
        value={form.values.contactIds}
        onChange={(v) => form.form.setFieldValue('contactIds', v)}
      />
    </RecordForm>
  );
}

/** The add-group and edit-group modals; `locationId` is the new group's location when the list is narrowed to one. */
export function useGroupModals(locationId?: string) {
  return useRecordModals({
    addId: 'add-group',
    editId: 'edit-group',
    addTitle: 'Add notification group',
    editTitle: (group: { name: string }) => `Edit ${group.name}`,
    load: async (group: { groupId: number; name: string }) =>
      (await callAction(loadGroup, { groupId: group.groupId })).group,
    form: (record, done) => <GroupForm record={record} locationId={locationId} done={done} />,
  });
}
