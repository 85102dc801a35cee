import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { defineAction, type ActionContext } from '../../server/platform/actions';
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

type LeadCtx = ActionContext<z.output<typeof sendMarketplaceLead.input>>;
type Store = { id: number; code: string; name: string };
type Buyer = ReturnType<typeof splitName> & { phone: string | null; email: string };

/** The buyer's phone as kept (E.164), if given; one that is not a phone number is refused. */
function buyerPhone(input: LeadCtx['input']): string | null {
  const phone = input.phone ? toE164(input.phone) : null;
  if (input.phone && !phone) throw AppError.invalid('Phone must be a phone number such as (505) 555-0142.', ['phone']);
  return phone;
}

/**
 * The vehicle the buyer wrote about, as the lead names it: the store's by its stock number, else the
 * listing. A stock number not on the store's lot is refused unless the listing is given.
 */
async function vehicleWritten(ctx: LeadCtx, location: Store, stock: string): Promise<string> {
  const { input } = ctx;
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
  return onLot
    ? [onLot.year, onLot.make, onLot.model, onLot.trim].filter(Boolean).join(' ')
    : `Listing ${input.listing}`;
}

/** The lead as kept: the buyer, what they wrote about and the platform's reference for it. */
function recordLead(
  ctx: LeadCtx,
  lead: { location: Store; contactId: number; stock: string; vehicle: string; buyer: Buyer; eventId: string },
  reference: string,
) {
  const { input } = ctx;
  return insertRecord(ctx, marketplaceLeadRecords, {
    locationId: lead.location.id,
    contactId: lead.contactId,
    stock: lead.stock,
    listing: input.listing ?? '',
    vehicle: lead.vehicle,
    name: input.name,
    phone: lead.buyer.phone,
    email: lead.buyer.email,
    message: input.message,
    eventId: lead.eventId,
    provider: ctx.services.facebook.name,
    reference,
    createdBy: ctx.user.id,
  });
}

defineAction({
  contract: sendMarketplaceLead,
  summary:
    "Records a buyer who wrote about a vehicle listed on the social marketplace: the store's contact is found or added, and the lead is sent on to the platform.",
  permission: 'sales',
  reach: {},
  outside: true,
  async handler(ctx) {
    const { input } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const phone = buyerPhone(input);
    const stock = input.stock?.toUpperCase() ?? '';
    const vehicle = await vehicleWritten(ctx, location, stock);

    const buyer = { ...splitName(input.name), phone, email: input.email ?? '' };
    const eventId = newEventId();
    // The platform is told first, with no transaction open; the store's contact and the lead are
    // kept together once it has answered (a platform that refuses leaves neither).
    const { reference } = await ctx.services.facebook.sendLead(ctx.db, {
      eventId,
      at: ctx.services.clock.now(),
      store: { code: location.code, name: location.name },
      vehicle: { stock, listing: input.listing ?? '', description: vehicle },
      buyer,
      message: input.message,
    });
    return ctx.change(async (c) => {
      const contactId = await contactFor(
        c,
        location.id,
        { firstName: buyer.firstName, lastName: buyer.lastName, mobilePhone: phone, email: buyer.email },
        false,
      );
      const lead = await recordLead(c, { location, contactId, stock, vehicle, buyer, eventId }, reference);
      return { leadId: lead.id, contactId, reference };
    });
  },
});
