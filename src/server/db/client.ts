import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { listPools, settingsOption } from './statements';
import { embeddedTemplate, migrationsFolder, writeEmbeddedTemplate } from './template';

/**
 * The one database type modules see, whichever driver is underneath. Queries name their tables
 * (`db.select().from(phones)`), so the client needs no schema: a module's tables are its own `*.db.ts`
 * files, which drizzle-kit finds by their name (drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for tools that need it (streams, bench). */
  pool?: pg.Pool;
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Enough for PostgreSQL to use every core of a small machine while the server prepares the next replies. */
const LIST_CONNECTIONS = 8;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * The server's limits on PostgreSQL, in milliseconds: a statement, and a transaction left idle (a
   * step waiting on something outside the database). Either past its limit is ended by PostgreSQL
   * and its connection goes back to the pool, so nothing stuck can hold the pool for long. None when
   * left out (tools, tests, the bench's loader).
   */
  timeouts?: { statementMs: number; idleInTransactionMs: number };
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // UTC sessions: timestamps PostgreSQL writes itself (list rows as JSON) read the same whatever
    // the server's own time zone, as they do on the embedded database.
    const limits = options.timeouts
      ? ` -c statement_timeout=${options.timeouts.statementMs} -c idle_in_transaction_session_timeout=${options.timeouts.idleInTransactionMs}`
      : '';
    const connection = { connectionString: options.databaseUrl, options: `-c TimeZone=UTC${limits}` };
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 20 });
    // List pages and counts (runStatement): their connections keep one generic plan per statement,
    // or plan a search for its term every time (decisions 010, 015), and plan serially (042).
    const lists = new pg.Pool({
      ...connection,
      options: `${connection.options} ${settingsOption('generic')}`,
      max: LIST_CONNECTIONS,
    });
    const searches = new pg.Pool({
      ...connection,
      options: `${connection.options} ${settingsOption('custom')}`,
      max: LIST_CONNECTIONS,
    });
    listPools.set(pool, { generic: lists, custom: searches });
    // A connection the server closed (a restart, a failover) must not take the process down; the
    // pool drops it and opens a new one on the next query.
    // So must one ended while a transaction held it (a limit above): the statement waiting on it
    // fails, and the connection is dropped.
    for (const p of [pool, lists, searches]) {
      p.on('error', (error) => options.onIdleError?.(error));
      p.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    }
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      close: async () => {
        await Promise.all([lists.end(), searches.end()]);
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir, 'db');
    mkdirSync(dirname(dataDir), { recursive: true });
  }
  // A new data folder starts from the migrated cluster the build dumped (template.ts), when there is one.
  const loadDataDir = dataDir && !existsSync(join(dataDir, 'PG_VERSION')) ? embeddedTemplate() : undefined;
  // pg_trgm backs the lists' free-text searches (trigram indexes), as on PostgreSQL.
  const pglite = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(pglite) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pool) {
    // Several server processes may start at once: one migrates, the others wait on the lock.
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock(72010001)');
      // A migration may build an index on a large table: no statement limit for it.
      await client.query('set statement_timeout = 0');
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(72010001)').catch(() => undefined);
      client.release();
    }
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

/** Makes the dump new embedded data folders start from (template.ts), unless these migrations have one. */
export function ensureEmbeddedTemplate(): Promise<void> {
  return writeEmbeddedTemplate(async () => {
    const database = await openDatabase({});
    await migrateDatabase(database);
    return database.pglite!;
  });
}
