import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { contacts } from '../contacts/contacts.db';
import { locations } from '../locations/locations.db';
import { chatLeads } from './experience.db';

/**
 * Customers who bought (two at each of the first two stores and one in Colorado, so the sold-list
 * cleaning has something to take off and the reach tests a store to refuse) and two website chat
 * leads at the first store.
 */
export async function seedExperience(db: Db) {
  const stores = await db
    .select({ id: locations.id, region: locations.region })
    .from(locations)
    .orderBy(asc(locations.id));
  const colorado = stores.find((s) => s.region === 'Colorado');
  for (const [store, count] of [
    [stores[0], 2],
    [stores[1], 2],
    [colorado, 1],
  ] as const) {
    if (!store) continue;
    const buyers = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.locationId, store.id))
      .orderBy(asc(contacts.id))
      .limit(count);
    if (buyers.length)
      await db
        .update(contacts)
        .set({ sold: true })
        .where(
          inArray(
            contacts.id,
            buyers.map((b) => b.id),
          ),
        );
  }

  const first = stores[0];
  const [known] = await db
    .select({ phone: contacts.mobilePhone })
    .from(contacts)
    .where(eq(contacts.locationId, first.id))
    .limit(1);
  const areaCode = known?.phone?.slice(2, 5) ?? '505';
  const now = Date.now();
  const chats = [
    {
      firstName: 'Lucia',
      lastName: 'Montoya',
      mobilePhone: `+1${areaCode}5550290`,
      email: 'lucia.montoya@example.com',
      hoursAgo: 20,
      message: 'Do you have a 2025 Camry SE in white? I would like to test drive one this weekend.',
    },
    {
      firstName: 'Brian',
      lastName: 'Archuleta',
      mobilePhone: null,
      email: 'b.archuleta@example.com',
      hoursAgo: 44,
      message: 'What would my payment be on a Tundra with $5,000 down?',
    },
  ];
  for (const chat of chats) {
    const [contact] = await db
      .insert(contacts)
      .values({
        locationId: first.id,
        firstName: chat.firstName,
        lastName: chat.lastName,
        mobilePhone: chat.mobilePhone,
        email: chat.email,
        source: 'chat',
      })
      .returning({ id: contacts.id });
    await db.insert(chatLeads).values({
      contactId: contact.id,
      locationId: first.id,
      chattedAt: new Date(now - chat.hoursAgo * 3_600_000),
      message: chat.message,
    });
  }
}
