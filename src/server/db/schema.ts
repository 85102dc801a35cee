/** Every table, for Drizzle and drizzle-kit. Each module adds its `<area>.db.ts` here. */
export * from '../platform/platform.db';
export * from '../../modules/locations/locations.db';
export * from '../../modules/access/access.db';
export * from '../../modules/users/users.db';
export * from '../../modules/employees/employees.db';
export * from '../../modules/phones/phones.db';
