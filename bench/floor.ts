/**
 * The floor of a list request on this machine: a bare node:http server that runs a list's prepared
 * statement and writes its rows, with no session, validation, headers or envelope. What it serves
 * next to the bench's bare SQL shows what HTTP alone costs; what the app serves next to it shows
 * what the platform costs (docs/bench.md).
 *
 *   DATABASE_URL=postgres://…/forecourt_bench npx tsx bench/floor.ts locations/load-locations '{"region":"New Mexico"}'
 *   npx autocannon -c 20 -d 6 -m POST -b '{}' http://127.0.0.1:3791/
 */
import http from 'node:http';
import { z } from 'zod';
import pg from 'pg';
import '../src/server/modules';
import { openDatabase } from '../src/server/db/client';
import { planFor, planSetting, statementOf } from '../src/server/db/statements';
import { buildListQueries, listRegistry } from '../src/server/platform/lists';
import { listPaging } from '../src/shared/fields';
const [path, filtersJson] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const list = listRegistry.get(path);
if (!list) throw new Error(`No list ${path}.`);
const input = z.object({ ...list.fields, ...listPaging }).parse({ ...JSON.parse(filtersJson), view: 'rows' }) as Record<
  string,
  unknown
>;
const st = statementOf(
  buildListQueries(list, { input, db: database.db, user: { id: 1, flags: [], reach: 'group' } } as never).json,
);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
// Planned as the server plans it (decision 010).
pool.on('connect', (client) => {
  client.query(planSetting[planFor(st.params)]).catch(() => undefined);
});
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const {
        rows: [page],
      } = await pool.query<{ rows: string | null }>({ name: st.name, text: st.sql, values: st.params });
      res.setHeader('content-type', 'application/json');
      res.end(`{"rows":[${(page.rows ?? '').replaceAll('\x1e', ',')}]}`);
    });
  })
  .listen(3791, '127.0.0.1', () => console.log(`Serving ${path} bare at http://127.0.0.1:3791/`));
