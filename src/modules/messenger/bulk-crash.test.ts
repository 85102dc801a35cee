/**
 * Nobody is texted twice and nobody is lost when a worker dies: a 5,000-recipient mass text is
 * delivered by `npm run worker` processes (dist/server/main.mjs --worker) that are killed with SIGKILL
 * at random points, then restarted, until the send is done; every recipient must then have exactly
 * one text. Workers are separate processes sharing the database, so this runs on PostgreSQL
 * (TEST_DATABASE_URL); CRASH_RUNS sets the number of sends (3 in CI, 10 for the full form).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import { testApp, type Caller, type TestApp } from '../../../tests/helpers';
import { outbox } from '../../server/platform/platform.db';
import { locations } from '../locations/locations.db';
import { messages } from '../phones/phones.db';
import { afternoonZone } from '../../server/outreach/send-gate';
import { bulkRecipients, bulkSends } from './messenger.db';
import { ensureServerBuilt, SERVER_ENTRY } from '../../../scripts/build';
import { sendMassText } from './messenger.contract';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RUNS = Number(process.env.CRASH_RUNS ?? 3);
const RECIPIENTS = 5_000;

let t: TestApp;
let marketer: Caller;
let dataDir: string;
let locationId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  // Workers run from the build, as `npm run worker` does: a process starts in a fraction of a second.
  await ensureServerBuilt();
  t = await testApp();
  marketer = await t.signedIn(['marketing']);
  dataDir = mkdtempSync(join(tmpdir(), 'forecourt-worker-'));
  // Toll-free numbers follow the store's clock: an afternoon keeps the sends clear of quiet hours.
  [{ id: locationId }] = await t.db
    .update(locations)
    .set({ timeZone: afternoonZone() })
    .where(eq(locations.code, 'ABG'))
    .returning({ id: locations.id });
});
afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await t?.close();
});

function startWorker(): ChildProcess {
  const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  return spawn(process.execPath, [SERVER_ENTRY, '--worker'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JOB_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: '1',
      JOB_POLL_MS: '100',
      TELEPHONY: 'local',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function progress(sendId: number) {
  const [[{ sent }], [send]] = await Promise.all([
    t.db
      .select({ sent: count() })
      .from(bulkRecipients)
      .where(and(eq(bulkRecipients.sendId, sendId), eq(bulkRecipients.state, 'sent'))),
    t.db.select({ state: bulkSends.state }).from(bulkSends).where(eq(bulkSends.id, sendId)),
  ]);
  return { sent, state: send.state };
}

describe.skipIf(!onPostgres)('a mass text whose workers are killed or stall', () => {
  it(`texts each of ${RECIPIENTS.toLocaleString('en-US')} recipients exactly once, ${RUNS} times over`, async () => {
    // A spare worker starts before each kill or stall, as a second process of a deployment would be
    // running: it takes the job over once the first one's lease runs out.
    let current = startWorker();
    const stalled: ChildProcess[] = [];
    try {
      for (let run = 1; run <= RUNS; run++) {
        const body = `Crash run ${run}: year-end event this Saturday`;
        const numbers = Array.from(
          { length: RECIPIENTS },
          (_, i) => `+1${['800', '888', '877'][i % 3]}555${String(Math.floor(i / 3)).padStart(4, '0')}`,
        );
        const res = await marketer.act(sendMassText, { locationId, message: body, numbers, confirm: 1 });
        expect(res.status).toBe(200);
        const { sendId } = res.body.data;
        const events = 1 + Math.floor(Math.random() * 3);
        for (let k = 0; k < events; k++) {
          const spare = startWorker();
          const { sent } = await progress(sendId);
          // Somewhere between the next text and 1,500 later: mid-batch, between batches, while claiming.
          const target = Math.min(RECIPIENTS - 1, sent + 1 + Math.floor(Math.random() * 1500));
          for (let waited = 0; waited < 30_000 && (await progress(sendId)).sent < target; waited += 5) await sleep(5);
          await sleep(Math.random() * 20);
          if (Math.random() < 0.5) {
            current.kill('SIGKILL');
            await stopped(current);
          } else {
            // Stalled past its lease (a long pause), then going on beside the spare that took over:
            // it must stop at its next step instead of sending what the spare sends.
            current.kill('SIGSTOP');
            await sleep(2500);
            current.kill('SIGCONT');
            stalled.push(current);
          }
          current = spare;
        }
        for (let waited = 0; waited < 60_000 && (await progress(sendId)).state !== 'done'; waited += 20)
          await sleep(20);

        expect(await progress(sendId)).toEqual({ sent: RECIPIENTS, state: 'done' });
        const [texts] = await t.db
          .select({ rows: count(), numbers: countDistinct(outbox.to) })
          .from(outbox)
          .where(eq(outbox.body, body));
        expect(texts).toEqual({ rows: RECIPIENTS, numbers: RECIPIENTS });
        const [recorded] = await t.db
          .select({ rows: count(), numbers: countDistinct(messages.to) })
          .from(messages)
          .where(eq(messages.body, body));
        expect(recorded).toEqual({ rows: RECIPIENTS, numbers: RECIPIENTS });
      }
    } finally {
      for (const child of [current, ...stalled]) child.kill('SIGTERM');
      await Promise.all([current, ...stalled].map(stopped));
    }
  }, 600_000);
});
