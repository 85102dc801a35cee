import type { FastifyInstance } from 'fastify';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Services } from '../services';
import type { Reach } from '../../shared/session';
import type { Access } from '../../shared/permissions';
import type { Figure, Found } from '../../shared/shell.contract';

/** What a module's palette source and figures are given: the database and the caller's reach. */
export interface ShellContext {
  db: Db;
  reach: Reach;
  /** Now, once per request: every figure counts the same day. */
  now: Date;
}

/**
 * A kind of record the command palette finds (users, lines…), for callers who hold `access`. Its
 * query selects at most `limit` records within reach whose name, number or id holds `term`
 * (lower-cased), in the order to show them, as one column `found` (`foundFields`); `present` words
 * each. The palette runs the sources a caller may use as one statement (search/find).
 */
export interface FindSource<Row = unknown> {
  kind: string;
  /** The heading of its matches: "Users". */
  label: string;
  access: Access;
  query(
    ctx: ShellContext,
    term: string,
    limit: number,
  ): SQLWrapper & { _: { selectedFields: { found: SQL.Aliased<Row> } } };
  present(row: Row): Found;
}

/** Declares a palette source, its row typed from its query. */
export const defineFind = <Row>(source: FindSource<Row>): FindSource<Row> => source;

/** One of the home page's figures of the day, for callers who hold `access`. */
export interface FigureSource {
  key: string;
  access: Access;
  /** The figure and the list it counts, filtered to the same rows. */
  count(ctx: ShellContext): Promise<Omit<Figure, 'key'>>;
}

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
  /** Its records in the command palette. */
  find?: FindSource[];
  /** Its figures on the home page. */
  figures?: FigureSource[];
}

/** Every declared module, in the order src/server/modules.ts imports them. */
export const moduleRegistry: ModuleDefinition[] = [];

export function defineModule(module: ModuleDefinition): ModuleDefinition {
  if (moduleRegistry.some((m) => m.name === module.name)) throw new Error(`Module ${module.name} is declared twice`);
  moduleRegistry.push(module);
  return module;
}
