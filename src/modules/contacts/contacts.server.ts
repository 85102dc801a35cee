import { toE164 } from '../../server/platform/phone';
import { defineAction } from '../../server/platform/actions';
import { AppError } from '../../server/platform/errors';
import { insertRecord, loadRecord, refusingDuplicate } from '../../server/platform/records';
import { formatPhone } from '../../shared/format';
import { locationRecords } from '../locations/locations.db';
import { contactRecords } from './contacts.db';
import { addContact } from './contacts.contract';

defineAction({
  contract: addContact,
  summary: 'Adds a customer to a store\'s contacts: a mobile number, an email, or both.',
  permission: 'messenger',
  reach: {},
  async handler(ctx) {
    const { input } = ctx;
    const location = await loadRecord(ctx, locationRecords, input.locationId);
    const mobilePhone = input.mobilePhone ? toE164(input.mobilePhone) : null;
    if (input.mobilePhone && !mobilePhone) throw AppError.invalid('Mobile phone must be a phone number such as (505) 555-0142.', ['mobilePhone']);
    const contact = await refusingDuplicate(
      () => insertRecord(ctx, contactRecords, {
        locationId: input.locationId, firstName: input.firstName ?? '', lastName: input.lastName ?? '', mobilePhone, email: input.email ?? '', source: 'staff',
      }),
      () => AppError.conflict(`${location.name} already has a contact with the number ${formatPhone(mobilePhone ?? '')}.`, ['mobilePhone']),
    );
    return { contactId: contact.id };
  },
});
