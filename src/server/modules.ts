/** Registers every module's actions. A new module adds its `*.server.ts` here. */
import '../modules/users/auth.server';
import '../modules/users/users.server';
import '../modules/access/access.server';
import '../modules/locations/locations.server';
import '../modules/employees/employees.server';
import '../modules/outbox/outbox.server';
import '../modules/phones/phones.server';
import '../modules/phones/calls.server';
import '../modules/phones/reports.server';
import '../modules/phones/phone-actions.server';
