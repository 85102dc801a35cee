/**
 * Every module of the product, one line each, in the order their demo seeds run (a module's seed may
 * read what the ones above it made). A module declares everything else itself: docs/adding-a-module.md.
 */
import './platform/shell.server';
import '../modules/locations/locations.module';
import '../modules/access/access.module';
import '../modules/employees/employees.module';
import '../modules/users/users.module';
import '../modules/outbox/outbox.module';
import '../modules/phones/phones.module';
import '../modules/contacts/contacts.module';
import '../modules/messenger/messenger.module';
import '../modules/experience/experience.module';
import '../modules/marketing/marketing.module';
import '../modules/notification-groups/notification-groups.module';
import '../modules/vehicles/vehicles.module';
import '../modules/stock/stock.module';
import '../modules/acquisition/acquisition.module';
import '../modules/appraisals/appraisals.module';
import '../modules/testimonials/testimonials.module';
import '../modules/questionnaire/questionnaire.module';
import '../modules/clicklane/clicklane.module';
import '../modules/payments/payments.module';
import '../modules/shipping/shipping.module';
import '../modules/inventory/inventory.module';
import '../modules/sales/sales.module';
import '../modules/parts/parts.module';
import '../modules/repair-orders/repair-orders.module';
import '../modules/service/service.module';
import '../modules/content/content.module';
import '../modules/seo/seo.module';
import '../modules/reputation/reputation.module';
import '../modules/ads/ads.module';
import '../modules/marketing-plans/marketing-plans.module';
import '../modules/email-builder/email-builder.module';
import '../modules/cdn/cdn.module';
import '../modules/page-builder/page-builder.module';
import '../modules/career-paths/career-paths.module';
import '../modules/vehicle-page/vehicle-page.module';
import '../modules/customers/customers.module';
