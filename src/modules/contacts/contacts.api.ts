/** The contacts module's public functions for other modules: the group-scale contacts, which the texts generator texts. */
import { areaCodes } from '../../server/scale/random';

/**
 * Contact n (id n) belongs to location ((n - 1) mod locations) + 1 and has a number of its own: the
 * texts generator picks a contact and texts it from a line of the contact's store. The seven digits
 * are spread over every exchange 200–999 (n × 7,919 mod 8,000,000 is one-to-one: 7,919 is prime to
 * it), as real customers' are, so a search by the first digits of a number finds what it would.
 */
export const contactPhone = (contactId: number) =>
  `+1${areaCodes[contactId % areaCodes.length]}${2_000_000 + ((contactId * 7_919) % 8_000_000)}`;
export const contactLocation = (contactId: number, locations: number) => ((contactId - 1) % locations) + 1;
