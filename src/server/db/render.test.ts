/**
 * The platform's renderer writes every statement it is given exactly as Drizzle's PostgreSQL dialect
 * does: every list's statements for its bench cases, every palette source for the terms staff type,
 * as a group-wide user and as a store's, and the pieces it hands back to Drizzle.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import '../modules';
import type { Db } from './client';
import { dialect, renderSql } from './render';
import { buildListQueries, type BenchSample } from '../platform/lists';
import { moduleRegistry } from '../platform/modules';
import { listPaging } from '../../shared/fields';
import { FIND_LIMIT } from '../../shared/shell.contract';
import { users } from '../../modules/users/users.db';
import { locations } from '../../modules/locations/locations.db';
import { registeredLists } from '../../../tests/registries';

const db = drizzle(new pg.Pool()) as unknown as Db;
const reaches = ['group', [1, 2]] as const;

const drizzles = (query: SQL | SQLWrapper) => {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return { sql: text, params };
};

describe('rendering statements', () => {
  it("writes every list's statements as Drizzle does, counted and not", () => {
    const sample: BenchSample = { locationId: 7, userId: 3, from: '2026-10-01', to: '2026-10-30' };
    const differ: string[] = [];
    let rendered = 0;
    for (const [path, list] of registeredLists()) {
      const schema = z.object({ ...list.fields, ...listPaging });
      for (const { name, filters } of [{ name: 'no filters', filters: {} }, ...list.bench(sample)]) {
        const input = schema.safeParse(filters);
        if (!input.success) continue;
        for (const reach of reaches)
          for (const counted of [true, false]) {
            const user = { id: 1, flags: [], reach };
            const { json } = buildListQueries(list, { db, input: input.data, user } as never, { counted });
            rendered++;
            if (JSON.stringify(renderSql(json)) !== JSON.stringify(drizzles(json)))
              differ.push(`${path} [${name}] ${JSON.stringify(reach)} counted ${counted}`);
          }
      }
    }
    expect(differ).toEqual([]);
    expect(rendered).toBeGreaterThan(500);
  });

  it('writes every palette source as Drizzle does, for the terms staff type', () => {
    const terms = ['garcia', 'garcia m', 'ma', '2650', '505-555-0101', 'ABG0001', '1ftfw1e50pfa12345', '42', "o'brien"];
    const sources = moduleRegistry.flatMap((m) => m.find ?? []);
    expect(sources.length).toBeGreaterThan(5);
    const differ: string[] = [];
    for (const source of sources)
      for (const term of terms)
        for (const reach of reaches) {
          const query = source.query({ db, reach: reach as never, now: new Date() }, term, FIND_LIMIT);
          if (JSON.stringify(renderSql(query)) !== JSON.stringify(drizzles(query)))
            differ.push(`${source.kind} "${term}" ${JSON.stringify(reach)}`);
        }
    expect(differ).toEqual([]);
  });

  it('binds dates, arrays, nulls, placeholders, aliases and subqueries as Drizzle does, and leaves inlined values to it', () => {
    const manager = alias(users, 'manager');
    const stores = db.select({ id: locations.id }).from(locations).where(eq(locations.active, true)).as('stores');
    const queries: SQL[] = [
      sql`select ${users.id}, ${manager.username} from ${users} join ${manager} on ${manager.id} = ${users.id}
        where ${users.createdAt} > ${new Date('2026-11-01T00:00:00Z')} and ${users.id} in ${[1, 2, 3]} and ${null} is null`,
      sql`select * from ${stores} where ${stores.id} = ${7}`,
      sql`select ${sql.identifier('a "quoted" name')}, ${'text'}::text`,
      sql`select ${sql`${'inline'}`.inlineParams()}, ${'bound'}`,
      sql`${db.select().from(users).where(eq(users.username, 'admin'))}`,
      sql`select ${users.id} from ${users} where ${users.username} = ${sql.placeholder('name')} and ${users.id} = ${sql.param(sql.placeholder('id'))}`,
    ];
    for (const query of queries) expect(renderSql(query)).toEqual(drizzles(query));
    expect(renderSql(queries[3]).sql).toContain("'inline'");
  });
});
