import { and, desc, eq } from 'drizzle-orm';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { toE164 } from '../../server/platform/phone';
import { insertRecord, loadRecord } from '../../server/platform/records';
import { newEventId } from '../../server/providers/facebook/facebook';
import { inventoryVehicles } from '../inventory/inventory.db';
import { locationRecords } from '../locations/locations.db';
import { sendMarketplaceLead } from './marketplace.contract';
import { marketplaceLeadRecords } from './marketplace.db';
import { contactFor } from './purchases.server';

/** "Rita Vigil" → Rita, Vigil; one word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

defineAction({
  contract: sendMarketplaceLead,
  summary:
    "Records a buyer who wrote about a vehicle listed on the social marketplace: the store's contact is found or added, and the lead is sent on to the platform.",
  permission: 'sales',
  reach: {},
  async handler(ctx) {
    const { input } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const phone = input.phone ? toE164(input.phone) : null;
    if (input.phone && !phone)
      throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);

    const stock = input.stock?.toUpperCase() ?? '';
    const [onLot] = stock
      ? await ctx.db
          .select({
            year: inventoryVehicles.year,
            make: inventoryVehicles.make,
            model: inventoryVehicles.model,
            trim: inventoryVehicles.trim,
          })
          .from(inventoryVehicles)
          .where(and(eq(inventoryVehicles.locationId, location.id), eq(inventoryVehicles.stock, stock)))
          .orderBy(desc(inventoryVehicles.createdAt))
          .limit(1)
      : [];
    if (stock && !onLot && !input.listing) {
      throw AppError.invalid(
        `Stock number ${stock} is not in ${location.name}'s inventory; check it, or give the listing instead.`,
        ['stock'],
      );
    }
    const vehicle = onLot
      ? [onLot.year, onLot.make, onLot.model, onLot.trim].filter(Boolean).join(' ')
      : `Listing ${input.listing}`;

    const buyer = { ...splitName(input.name), phone, email: input.email ?? '' };
    const contactId = await contactFor(
      ctx,
      location.id,
      { firstName: buyer.firstName, lastName: buyer.lastName, mobilePhone: phone, email: buyer.email },
      false,
    );
    const eventId = newEventId();
    // In the change's transaction: the local driver's outbox row lands with the lead, or neither does.
    const { reference } = await ctx.services.facebook.sendLead(ctx.db, {
      eventId,
      at: ctx.services.clock.now(),
      store: { code: location.code, name: location.name },
      vehicle: { stock, listing: input.listing ?? '', description: vehicle },
      buyer,
      message: input.message,
    });
    const lead = await insertRecord(ctx, marketplaceLeadRecords, {
      locationId: location.id,
      contactId,
      stock,
      listing: input.listing ?? '',
      vehicle,
      name: input.name,
      phone,
      email: buyer.email,
      message: input.message,
      eventId,
      provider: ctx.services.facebook.name,
      reference,
      createdBy: ctx.user.id,
    });
    return { leadId: lead.id, contactId, reference };
  },
});
