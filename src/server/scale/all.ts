/** Every module's generator. A new module adds its `<area>.scale.ts` here. */
import '../../modules/locations/locations.scale';
import '../../modules/access/access.scale';
import '../../modules/users/users.scale';
import '../../modules/employees/employees.scale';
import '../../modules/outbox/outbox.scale';
import '../../modules/phones/phones.scale';
export { generators } from './generators';
