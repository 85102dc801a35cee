import { count, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from './client';
import { seal } from '../platform/sealed';
import { hashPassword } from '../platform/passwords';
import { userFactors, users } from '../../modules/users/users.db';
import { locations } from '../../modules/locations/locations.db';
import { allFlags } from '../../shared/permissions';
import '../modules';
import { moduleRegistry } from '../platform/modules';

/** The first start creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD / ADMIN_TOTP_SECRET. */
export async function ensureAdmin(db: Db, config: Config): Promise<void> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) = ${config.ADMIN_EMAIL.toLowerCase()}`);
  if (n > 0) return;
  const [admin] = await db
    .insert(users)
    .values({
      username: 'admin',
      email: config.ADMIN_EMAIL.toLowerCase(),
      firstName: 'Group',
      lastName: 'Administrator',
      passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      flags: [...allFlags],
      groupWide: true,
    })
    .returning();
  if (config.ADMIN_TOTP_SECRET) {
    await db.insert(userFactors).values({
      userId: admin.id,
      type: 'totp',
      secret: seal(config.SESSION_SECRET, config.ADMIN_TOTP_SECRET),
      confirmed: true,
    });
  }
}

/**
 * A small, fixed demo group so every screen has something to show on a first start: each module's
 * seed in the order src/server/modules.ts lists them. Nothing is added to a group that has locations.
 */
export async function seedDemo(db: Db, config: Config): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(locations);
  if (n > 0) return false;
  for (const module of moduleRegistry) await module.seed?.(db, config);
  return true;
}
