import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { locations } from '../locations/locations.db';
import { optOuts } from '../phones/phones.db';
import { contacts } from '../contacts/contacts.db';

/**
 * Two more contacts at the first store, so its row of the mailing-list report shows every count: one
 * who texted STOP (a contact a text no longer reaches) and one who bought and left only an email.
 */
export async function seedMarketing(db: Db) {
  const [store] = await db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'ABG'));
  if (!store) return;
  await db.insert(contacts).values([
    {
      locationId: store.id,
      firstName: 'Gloria',
      lastName: 'Archuleta',
      mobilePhone: '+15055550388',
      source: 'text',
      createdAt: new Date(Date.now() - 45 * 86_400_000),
    },
    {
      locationId: store.id,
      firstName: 'Ruben',
      lastName: 'Montoya',
      email: 'ruben.montoya@example.com',
      source: 'staff',
      sold: true,
    },
  ]);
  await db.insert(optOuts).values({
    phoneNumber: '+15055550388',
    keyword: 'STOP',
    locationId: store.id,
    createdAt: new Date(Date.now() - 20 * 86_400_000),
  });
}
