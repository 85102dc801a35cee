import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { PassThrough, Readable, Transform, pipeline } from 'node:stream';
import { to as copyTo } from 'pg-copy-streams';
import { parse as parseSync } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { eq } from 'drizzle-orm';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { Services } from '../services';
import { exportCopySql, exportRows, type ListExport } from '../platform/lists';
import { CSV_BOM, phoneCell, phoneColumns } from '../platform/lists/export';
import { DEFAULT_TIME_ZONE, dayIn } from '../platform/days';
import { locations } from '../../modules/locations/locations.db';
import { redact } from '../platform/actions';
import { parseInput } from '../platform/validation';
import { resolveSession } from '../platform/session';
import { checkActionReach } from '../platform/reach';
import { auditLog } from '../platform/platform.db';
import { normaliseKeys } from './bodies';
import { authorise } from './actions';

/**
 * A CSV download of a list: same permission, reach and filters as the list, streamed in constant
 * memory. A failure before the first rows answers as any action's would; one after them ends that
 * download (the file is cut short) and is logged, and never reaches the process.
 */
export function registerExport(app: FastifyInstance, download: ListExport, services: Services) {
  const { db } = services.database;
  app.get(download.route, async (request, reply) => {
    const session = await resolveSession(db, request, services.config);
    authorise(download.list, session);
    const query = normaliseKeys(request.query);
    await checkActionReach(db, session!.user.reach, download.list.records ?? {}, download.input, query);
    const input = parseInput(download.input, query) as Record<string, unknown> & { limit?: number };
    const context = {
      input,
      db,
      user: session!.user,
      session,
      request,
      reply,
      services,
      files: [],
      audit: () => undefined,
      change: () => Promise.reject(new Error('A download changes nothing.')),
    };
    const header = [download.list.columns.map((c) => c.label)];
    const limit = input.limit ?? Infinity;
    const csv = services.database.pool
      ? await copyCsv(
          services.database.pool,
          header,
          exportCopySql(download.list, context, limit),
          phoneColumns(download.list),
        )
      : await csvOf(exportRows(download.list, context, limit));
    csv.on('error', (error) => request.log.warn({ err: error }, 'a download stopped before its end'));
    try {
      await db.insert(auditLog).values({
        userId: session!.user.id,
        action: `export ${download.route}`,
        input: redact(input),
        ip: request.ip,
        requestId: String(request.id),
      });
    } catch (error) {
      csv.destroy();
      throw error;
    }
    // Named for the day where the download is made: the store's filtered by, or the group's.
    const stamp = dayIn(await zoneFor(db, input.locationId), new Date());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${download.filename}-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

/** The time zone of the store a download is filtered by, or the group's. */
async function zoneFor(db: Services['database']['db'], locationId: unknown): Promise<string> {
  const id = Number(locationId);
  if (!Number.isInteger(id) || id <= 0) return DEFAULT_TIME_ZONE;
  const [row] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, id));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/**
 * COPY's CSV, each row led by whether its phones still need formatting (exportCopySql): a row led by
 * 0 goes out as PostgreSQL wrote it, without its lead; one led by 1 (a number outside the North
 * American plan) is parsed and its phones formatted by their country (phoneCell). Rows are told
 * apart by the newlines outside quotes, so only the few marked rows are parsed: parsing every row
 * held the appraisals' download to 14,000 rows a second.
 */
function formatMarkedPhones(rows: Readable, phones: number[]): Readable {
  const finish = (row: Buffer): Buffer => {
    if (row[0] !== 0x31) return row.subarray(2);
    const [fields] = parseSync(row) as string[][];
    const cells = fields.slice(1);
    for (const i of phones) if (cells[i]) cells[i] = phoneCell(cells[i]);
    return Buffer.from(stringifySync([cells]));
  };
  let pending: Buffer = Buffer.alloc(0);
  let quoted = false;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      const finished: Buffer[] = [];
      let start = 0;
      for (let i = pending.length; i < data.length; i++) {
        if (data[i] === QUOTE) quoted = !quoted;
        else if (data[i] === NEWLINE && !quoted) {
          finished.push(finish(data.subarray(start, i + 1)));
          start = i + 1;
        }
      }
      pending = data.subarray(start);
      done(null, Buffer.concat(finished));
    },
    flush(done) {
      done(null, pending.length ? finish(pending) : undefined);
    },
  });
  pipeline(rows, out, (error) => {
    if (error) out.destroy(error);
  });
  return out;
}

/**
 * The header row, then PostgreSQL's own CSV straight from COPY, on a connection held until the end.
 * It resolves once the COPY has sent its first rows (or ended): a statement PostgreSQL refuses
 * (a day past its calendar, say) fails here, before the reply's headers are sent, rather than
 * cutting a download already under way.
 */
async function copyCsv(pool: pg.Pool, header: string[][], statement: string, phones: number[]): Promise<Readable> {
  const client = await pool.connect();
  const out = new PassThrough();
  // Heard here from the start: a COPY that fails before the reply takes the stream must not be an unhandled 'error'.
  out.on('error', () => undefined);
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  out.write(CSV_BOM + stringifySync(header));
  const rows = client.query(copyTo(statement));
  const body = phones.length ? formatMarkedPhones(rows, phones) : rows;
  const first = new Promise<void>((resolve, reject) => {
    body.once('data', () => resolve());
    body.once('end', () => resolve());
    rows.once('error', reject);
  });
  // The COPY's failure ends the download (the reply's own error listener sees it once sent); before
  // that, `first` carries it to the request's error handler.
  rows.on('error', (error) => {
    release(error);
    out.destroy(error);
  });
  rows.on('end', () => release());
  // A download stopped half-way: drop the connection, which ends the COPY on the server too.
  out.on('close', () => release(released ? undefined : new Error('The download was stopped before the end.')));
  body.pipe(out);
  await first;
  return out;
}

/**
 * The embedded database's export: rows read batch by batch, as CSV. The first two rows (the header
 * and the first record) are read before it resolves, so a query that fails, fails here.
 */
async function csvOf(rows: AsyncIterable<string[]>): Promise<Readable> {
  const iterator = rows[Symbol.asyncIterator]();
  const first: string[][] = [];
  for (let i = 0; i < 2; i++) {
    const next = await iterator.next();
    if (next.done) break;
    first.push(next.value);
  }
  const all = (async function* () {
    yield* first;
    if (first.length === 2) yield* { [Symbol.asyncIterator]: () => iterator };
  })();
  const csv = stringify({ bom: true });
  // pipeline, unlike pipe, carries a failed batch to the CSV stream (and so to the reply) instead of leaving it unhandled.
  pipeline(Readable.from(all), csv, () => undefined);
  return csv;
}
