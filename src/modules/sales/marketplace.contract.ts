import { z } from 'zod';
import { id, optionalEmail, optionalPhone, optionalText, text } from '../../shared/fields';
import { defineContract } from '../../shared/contract';

// Seed 000, section 8, word for word.
export const LEAD_SENT = 'Your message has been sent!';
export const LEAD_MESSAGE_MAX = 2_000;

/**
 * facebook/marketplace-contact (seed 000: a serialized form; on failure the fields named in
 * `data.fields` are marked): a buyer who wrote about a vehicle the store lists on the social
 * marketplace, recorded by staff and sent on as a lead (docs/sales.md).
 */
const marketplaceLeadInput = z
  .object({
    locationId: id,
    stock: optionalText(20).meta({ title: 'Stock number' }),
    /** The listing's address or number on the marketplace. */
    listing: optionalText(300),
    name: text(120).meta({ title: "Buyer's name" }),
    phone: optionalPhone,
    email: optionalEmail,
    message: text(LEAD_MESSAGE_MAX),
  })
  .superRefine((lead, ctx) => {
    if (!lead.stock && !lead.listing)
      ctx.addIssue({ code: 'custom', message: 'or listing is required', path: ['stock'] });
    if (!lead.phone && !lead.email) {
      ctx.addIssue({ code: 'custom', message: 'or email is required', path: ['phone'] });
      ctx.addIssue({ code: 'custom', message: 'or phone is required', path: ['email'] });
    }
  });

export const sendMarketplaceLead = defineContract({
  path: 'facebook/marketplace-contact',
  input: marketplaceLeadInput,
  output: z.object({ leadId: z.number().int(), contactId: z.number().int(), reference: z.string() }),
});
