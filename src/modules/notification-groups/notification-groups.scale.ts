import { defineGenerator, FULL_SCALE } from '../../server/scale/generators';
import { notificationTopics, topicLabels } from './notification-groups.contract';

/** Groups per location at full scale: each topic twice (e.g. sales and service leads). */
const GROUPS_PER_LOCATION = 2 * notificationTopics.length;
/** Members per group. */
const MEMBERS_PER_GROUP = 8;

/**
 * Group n (id n) belongs to location ((n - 1) mod locations) + 1, so group n is at location n for the
 * first round: the bench names a group by the sample location's id.
 */
defineGenerator({
  table: 'notification_groups',
  columns: ['name', 'location_id', 'topic', 'active'],
  fullRows: FULL_SCALE.locations * GROUPS_PER_LOCATION,
  minRows: 60,
  after: ['locations'],
  *rows({ rows, counts }) {
    for (let i = 0; i < rows; i++) {
      const round = Math.floor(i / counts.locations);
      const topic = notificationTopics[round % notificationTopics.length];
      const copy = Math.floor(round / notificationTopics.length);
      yield [`${topicLabels[topic]}${copy ? ` ${copy + 1}` : ''}`, (i % counts.locations) + 1, topic, i % 19 !== 18];
    }
  },
});

/**
 * Each group's members: distinct users (a step coprime with the user count walks them without
 * repeats), the last of each group a contact of the group's store instead: contact n is at location
 * ((n - 1) mod locations) + 1 (contacts.scale.ts), so group g's is contact g, or one of its store's
 * further on when there are fewer contacts than groups.
 */
defineGenerator({
  table: 'notification_group_members',
  columns: ['group_id', 'kind', 'user_id', 'contact_id'],
  fullRows: FULL_SCALE.locations * GROUPS_PER_LOCATION * MEMBERS_PER_GROUP,
  minRows: 60 * MEMBERS_PER_GROUP,
  // After the contacts: reloading them empties the memberships that name them.
  after: ['notification_groups', 'users', 'contacts'],
  *rows({ rows, counts }) {
    const groups = counts.notification_groups;
    for (let i = 0; i < rows; i++) {
      const group = (i % groups) + 1;
      const k = Math.floor(i / groups);
      if (k === MEMBERS_PER_GROUP - 1 && group <= counts.contacts) yield [group, 'contact', null, group];
      else yield [group, 'user', ((group * 7 + k * 13) % counts.users) + 1, null];
    }
  },
});
