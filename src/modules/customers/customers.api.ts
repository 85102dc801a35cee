/**
 * The customers module's public functions for other modules (server only): a bulk send's new
 * conversations linked to their customers after the send (decision 043).
 */
export { deferCustomerLinks, queueCustomerLinks } from './link-later';
