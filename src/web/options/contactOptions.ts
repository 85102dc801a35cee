/**
 * Where pickers find a store's contacts: contacts/list-options, a page of matches at a time, by name,
 * email or the start of a number (src/web/ui/RemoteSelect.tsx).
 */
import type { OptionSource } from '../ui/RemoteSelect';
import { formatPhone } from '../../shared/format';
import { contactOptions, loadMailingList, type ContactOption } from '../../modules/contacts/contacts.contract';

const contactLabel = (contact: ContactOption) => {
  const named = contact.name !== contact.mobilePhone && contact.name !== contact.email;
  const reach = contact.mobilePhone ? formatPhone(contact.mobilePhone) : contact.email;
  return named ? `${contact.name} · ${reach}` : reach;
};

/** One store's contacts (none until a store is chosen); the value is the contact's id. */
export function contactSource(
  locationId: string | number | undefined,
): OptionSource<ContactOption, typeof contactOptions> {
  return {
    action: contactOptions,
    rows: (reply) => reply.contacts,
    params: { locationId },
    toOption: (contact) => ({ value: String(contact.id), label: contactLabel(contact) }),
    reloadWith: loadMailingList,
    enabled: Boolean(locationId),
  };
}
