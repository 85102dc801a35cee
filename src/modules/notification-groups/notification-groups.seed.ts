import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { users } from '../users/users.db';
import { contacts } from '../contacts/contacts.db';
import type { NotificationTopic } from './notification-groups.contract';
import { notificationGroupMembers, notificationGroups } from './notification-groups.db';

/** Who each demo group is for: its location, what it is told of, and the job codes of its members. */
const demoGroups: {
  code: string;
  name: string;
  topic: NotificationTopic;
  active?: boolean;
  jobCodes: string[];
  contacts?: number;
}[] = [
  // The store's first contact too, as an outside partner told of the store's leads would be.
  { code: 'ABG', name: 'ABG internet leads', topic: 'leads', jobCodes: ['GM', 'SALES', 'BDC', 'ADVISOR'], contacts: 1 },
  { code: 'ABG', name: 'ABG service appointments', topic: 'service', jobCodes: ['SVCMGR', 'ADVISOR'] },
  { code: 'ABH', name: 'ABH missed calls', topic: 'calls', jobCodes: ['GM', 'SALES', 'BDC', 'ADVISOR', 'SVCMGR'] },
  {
    code: 'SFS',
    name: 'SFS inbound texts',
    topic: 'texts',
    jobCodes: ['GM', 'SALES', 'BDC', 'ADVISOR', 'SVCMGR', 'MKT'],
  },
  { code: 'LCF', name: 'LCF appraisal payments', topic: 'payments', active: false, jobCodes: ['GM', 'SALES'] },
  { code: 'DNC', name: 'DNC internet leads', topic: 'leads', jobCodes: ['GM', 'SALES', 'BDC', 'ADVISOR'] },
  { code: 'PHX', name: 'PHX service appointments', topic: 'service', jobCodes: ['SVCMGR', 'ADVISOR', 'GM'] },
];

/**
 * A few groups at New Mexico, Colorado and Arizona stores, each with the demo users of its location
 * whose job fits (all of the location's users when none does), and one with a contact of its store;
 * one group is inactive.
 */
export async function seedNotificationGroups(db: Db): Promise<void> {
  for (const demo of demoGroups) {
    const [location] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, demo.code));
    if (!location) continue;
    const staff = await db
      .select({ id: users.id, jobCode: users.jobCode })
      .from(users)
      .where(and(eq(users.locationId, location.id), eq(users.accountLocked, false)))
      .orderBy(asc(users.id));
    const fitting = staff.filter((u) => u.jobCode && demo.jobCodes.includes(u.jobCode));
    const [group] = await db
      .insert(notificationGroups)
      .values({ name: demo.name, locationId: location.id, topic: demo.topic, active: demo.active ?? true })
      .returning({ id: notificationGroups.id });
    const chosen = fitting.length ? fitting : staff;
    if (chosen.length)
      await db
        .insert(notificationGroupMembers)
        .values(chosen.map((u) => ({ groupId: group.id, kind: 'user' as const, userId: u.id })));
    if (demo.contacts) {
      const told = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.locationId, location.id))
        .orderBy(asc(contacts.id))
        .limit(demo.contacts);
      if (told.length)
        await db
          .insert(notificationGroupMembers)
          .values(told.map((c) => ({ groupId: group.id, kind: 'contact' as const, contactId: c.id })));
    }
  }
}
