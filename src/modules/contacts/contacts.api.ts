/**
 * The contacts module's public functions for other modules: a store's contact for a number (the
 * messenger's new text), and the group-scale contacts, which the texts generator texts.
 */
import { and, eq } from 'drizzle-orm';
import { insertRecord, updateRecord } from '../../server/platform/records';
import { areaCodes } from '../../server/scale/random';
import type { ActionContext } from '../../server/platform/actions';
import { contactRecords, contacts } from './contacts.db';

/**
 * The store's contact with this number (E.164), or a new one (`staff`) named as given. A contact the
 * store has not named takes the name given; a named one keeps its own. Inserted and audited in the
 * caller's transaction, so a change that fails after it leaves no contact behind.
 */
export async function contactForNumber(
  ctx: Pick<ActionContext<unknown>, 'db' | 'audit' | 'user'>,
  given: { locationId: number; mobilePhone: string; firstName?: string; lastName?: string },
): Promise<{ contactId: number; added: boolean; firstName: string; lastName: string }> {
  const name = { firstName: given.firstName?.trim() ?? '', lastName: given.lastName?.trim() ?? '' };
  const [known] = await ctx.db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.locationId, given.locationId), eq(contacts.mobilePhone, given.mobilePhone)));
  if (!known) {
    const added = await insertRecord(ctx, contactRecords, {
      locationId: given.locationId,
      mobilePhone: given.mobilePhone,
      ...name,
      source: 'staff',
    });
    return { contactId: added.id, added: true, firstName: added.firstName, lastName: added.lastName };
  }
  if (!known.firstName && !known.lastName && (name.firstName || name.lastName)) {
    await updateRecord(ctx, contactRecords, known.id, name);
    return { contactId: known.id, added: false, ...name };
  }
  return { contactId: known.id, added: false, firstName: known.firstName, lastName: known.lastName };
}

/**
 * Contact n (id n) belongs to location ((n - 1) mod locations) + 1 and has a number of its own: the
 * texts generator picks a contact and texts it from a line of the contact's store. The seven digits
 * are spread over every exchange 200–999 (n × 7,919 mod 8,000,000 is one-to-one: 7,919 is prime to
 * it), as real customers' are, so a search by the first digits of a number finds what it would.
 */
export const contactPhone = (contactId: number) =>
  `+1${areaCodes[contactId % areaCodes.length]}${2_000_000 + ((contactId * 7_919) % 8_000_000)}`;
export const contactLocation = (contactId: number, locations: number) => ((contactId - 1) % locations) + 1;
