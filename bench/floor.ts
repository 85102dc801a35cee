/**
 * The anchor of a list request on this machine (issue 32): a bare Fastify route that runs a list's
 * prepared statement and writes its rows, with no session, validation, reach or envelope. Its CPU
 * per request is what Fastify and node-postgres cost here; the bench's `srv µs` for the same case,
 * next to it, is what the platform adds (docs/bench.md).
 *
 *   DATABASE_URL=postgres://…/forecourt_bench npx tsx bench/floor.ts locations/load-locations '{"region":"New Mexico"}'
 *   npx autocannon -c 20 -d 6 -m POST -H content-type=application/json -b '{}' http://127.0.0.1:3791/
 *
 * Every five seconds with requests it prints how many it served and its CPU µs per request.
 */
import Fastify from 'fastify';
import { z } from 'zod';
import '../src/server/modules';
import { openDatabase } from '../src/server/db/client';
import { runStatement, statementOf } from '../src/server/db/statements';
import { buildListQueries, listRegistry } from '../src/server/platform/lists';
import { listPaging } from '../src/shared/fields';

const [path, filtersJson = '{}'] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const list = listRegistry.get(path);
if (!list) throw new Error(`No list ${path}.`);
const input = z.object({ ...list.fields, ...listPaging }).parse({ ...JSON.parse(filtersJson), view: 'rows' });
const statement = statementOf(
  buildListQueries(list, { input, db: database.db, user: { id: 1, flags: [], reach: 'group' } } as never).json,
);

const app = Fastify({ logger: false });
let served = 0;
// The same connections and plans as the server's list pages (runStatement), and its row format.
app.post('/', async (_request, reply) => {
  const [page] = await runStatement<{ rows: string | null }>(database.db, statement);
  served++;
  reply.type('application/json');
  return `{"rows":[${(page.rows ?? '').replaceAll('\x1e', ',')}]}`;
});
await app.listen({ port: 3791, host: '127.0.0.1' });
console.log(`Serving ${path} bare at http://127.0.0.1:3791/`);

let before = { cpu: process.cpuUsage(), served };
setInterval(() => {
  const cpu = process.cpuUsage(before.cpu);
  const count = served - before.served;
  if (count > 0) console.log(`${count} requests, ${((cpu.user + cpu.system) / count).toFixed(0)} µs of CPU each`);
  before = { cpu: process.cpuUsage(), served };
}, 5000).unref();
// Exits cleanly on Ctrl-C or a kill, so a `--cpu-prof` run writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
