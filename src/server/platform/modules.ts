import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Services } from '../services';

/**
 * A module of the product declared once (docs/adding-a-module.md): its actions are registered by the
 * `*.server.ts` files its declaration imports, its tables are the `*.db.ts` files drizzle-kit reads,
 * and the rest is here. `src/server/modules.ts` lists every module, one line each, in the order
 * their demo seeds run.
 */
export interface ModuleDefinition {
  name: string;
  /** Adds the module's part of the demo group on a first start (after the modules listed before it). */
  seed?: (db: Db, config: Config) => Promise<void>;
  /** Registers the module's group-scale generators (`npm run seed:scale`, the bench). */
  scale?: () => Promise<unknown>;
  /** HTTP routes beside the actions (a provider's webhooks). */
  routes?: (app: FastifyInstance, services: Services) => Promise<void>;
}

/** Every declared module, in the order src/server/modules.ts imports them. */
export const moduleRegistry: ModuleDefinition[] = [];

export function defineModule(module: ModuleDefinition): ModuleDefinition {
  if (moduleRegistry.some((m) => m.name === module.name)) throw new Error(`Module ${module.name} is declared twice`);
  moduleRegistry.push(module);
  return module;
}
