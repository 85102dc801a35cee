import { z } from 'zod';
import { id, optionalEmail, optionalPhone, optionalText } from '../../shared/fields';
import { defineContract } from '../../shared/contract';

/** How a contact came to the store (docs/messenger.md). */
export const contactSources = ['staff', 'text', 'import', 'chat'] as const;
export type ContactSource = (typeof contactSources)[number];

/** contacts/add-contact (seed 001: the form; replies success): a mobile number or an email, or both. */
export const contactInput = z.object({
  locationId: id,
  firstName: optionalText(60),
  lastName: optionalText(60),
  mobilePhone: optionalPhone,
  email: optionalEmail,
}).refine((c) => c.mobilePhone || c.email, { error: 'needs a mobile phone or an email', path: ['mobilePhone'] });
export type ContactInput = z.infer<typeof contactInput>;

export const addContact = defineContract({ path: 'contacts/add-contact', input: contactInput, output: z.object({ contactId: z.number().int() }) });

export const CONTACT_ADDED = 'Contact added!';
