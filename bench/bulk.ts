/**
 * A mass text to 50,000 numbers while staff work (docs/bench.md, "Bulk sends"), on either database:
 * accepted and queued within `acceptMs`, delivered by the server's own worker through the local
 * driver, while a staff member pages a list and watches the send's progress (their p95 is judged);
 * then a second send cancelled as soon as its first texts are out: how long Cancel takes to answer,
 * and how many texts still went out after it answered (none may).
 */
import type { Contract } from '../src/shared/contract';
import { actionRoute } from '../src/server/platform/actions';
import { afternoonZone } from '../src/server/outreach/send-gate';
import { cancelSend, loadSend, loadSends, sendMassText } from '../src/modules/messenger/messenger.contract';

export const BULK_BUDGET = { acceptMs: 3000, textsPerSecond: 1000, staffP95Ms: 200, cancelMs: 1000 };

/** node-postgres' pool and PGlite both answer this. */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface BulkTarget {
  port: number;
  cookie: string;
  csrfToken: string;
  locationId: number;
}

export interface BulkResult {
  database: string;
  recipients: number;
  acceptMs: number;
  textsPerSecond: number;
  staffP95Ms: number;
  staffRequests: number;
  /** The send's own progress poll (its screen asks once a second): reported, not judged. */
  progressP95Ms: number;
  cancelMs: number;
  sentAfterCancel: number;
  ok: boolean;
}

/** Sets the sending store's clock to an afternoon (toll-free numbers follow it); answers the zone it had. */
export async function afternoonStore(db: Queryable, locationId: number): Promise<string> {
  const { rows } = await db.query<{ time_zone: string }>(
    'update locations l set time_zone = $2 from locations o where l.id = o.id and l.id = $1 returning o.time_zone',
    [locationId, afternoonZone()],
  );
  return rows[0].time_zone;
}

const percentile95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

function caller({ port, cookie, csrfToken }: BulkTarget) {
  return async <C extends Contract>(contract: C, input: object) => {
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${actionRoute(contract)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify(input),
    });
    const reply = (await res.json()) as { success: boolean; data: Record<string, any>; errors: string[] };
    if (!reply.success) throw new Error(`${contract.path} was refused: ${reply.errors.join(' ')}`);
    return { data: reply.data, ms: performance.now() - started };
  };
}

const tollFree = (count: number, first: number) =>
  Array.from(
    { length: count },
    (_, i) => `+1${['800', '888', '877', '866', '855'][i % 5]}${String(first + Math.floor(i / 5)).padStart(7, '0')}`,
  );

export async function benchBulk(target: BulkTarget, database: string, recipients: number, body: string) {
  const act = caller(target);
  const accepted = await act(sendMassText, {
    locationId: target.locationId,
    message: body,
    numbers: tollFree(recipients, 2_000_000),
    confirm: 1,
  });
  const { sendId } = accepted.data;
  const acceptedAt = performance.now();

  // The desk goes on: a list page, then the send's progress, one request every tenth of a second
  // (a few people at work; the progress bar alone polls once a second). The list pages are judged:
  // the progress poll counts the send's own recipients, and costs what it costs with or without it.
  const staff: number[] = [];
  const polls: number[] = [];
  let first = 0;
  let sentAtFirst = 0;
  let done = 0;
  for (const started = performance.now(); performance.now() - started < 600_000; ) {
    staff.push((await act(loadSends, { locationId: target.locationId })).ms);
    await new Promise((r) => setTimeout(r, 100));
    const progress = await act(loadSend, { sendId });
    polls.push(progress.ms);
    const { sent, state } = progress.data.send;
    if (!first && sent > 0) {
      first = performance.now();
      sentAtFirst = sent;
    }
    if (state === 'done') {
      done = performance.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The texts sent after the first were seen, over the time they took; a send already done when first
  // seen (a small one: CI's thousand) over the time since its accept, where the same poll gave no span.
  const textsPerSecond = !done
    ? 0
    : sentAtFirst < recipients && done > first
      ? (recipients - sentAtFirst) / ((done - first) / 1000)
      : recipients / ((done - acceptedAt) / 1000);

  const cancelled = await act(sendMassText, {
    locationId: target.locationId,
    message: `${body} (cancelled)`,
    numbers: tollFree(recipients, 4_000_000),
    confirm: 1,
  });
  const sentOf = async (id: number) => (await act(loadSend, { sendId: id })).data.send.sent as number;
  while ((await sentOf(cancelled.data.sendId)) === 0) await new Promise((r) => setTimeout(r, 10));
  const cancel = await act(cancelSend, { sendId: cancelled.data.sendId });
  const atCancel = await sentOf(cancelled.data.sendId);
  await new Promise((r) => setTimeout(r, 1000));
  const sentAfterCancel = (await sentOf(cancelled.data.sendId)) - atCancel;

  const result = {
    database,
    recipients,
    acceptMs: accepted.ms,
    textsPerSecond,
    staffP95Ms: percentile95(staff),
    staffRequests: staff.length,
    progressP95Ms: percentile95(polls),
    cancelMs: cancel.ms,
    sentAfterCancel,
  };
  const ok =
    result.acceptMs < BULK_BUDGET.acceptMs &&
    result.staffP95Ms < BULK_BUDGET.staffP95Ms &&
    result.cancelMs < BULK_BUDGET.cancelMs &&
    sentAfterCancel === 0 &&
    // The rate is judged on PostgreSQL, the production database; the embedded one reports it.
    (database !== 'PostgreSQL' || textsPerSecond >= BULK_BUDGET.textsPerSecond);
  return { ...result, ok } satisfies BulkResult;
}

export const describeBulk = (b: BulkResult) =>
  `mass text of ${b.recipients.toLocaleString('en-US')} on ${b.database}: accepted in ${b.acceptMs.toFixed(0)} ms (budget ${BULK_BUDGET.acceptMs}), ${b.textsPerSecond.toFixed(0)} texts/s (budget ${BULK_BUDGET.textsPerSecond} on PostgreSQL), a list page's p95 ${b.staffP95Ms.toFixed(0)} ms over ${b.staffRequests} requests (budget ${BULK_BUDGET.staffP95Ms}; the send's own progress ${b.progressP95Ms.toFixed(0)} ms), Cancel answered in ${b.cancelMs.toFixed(0)} ms (budget ${BULK_BUDGET.cancelMs}) and ${b.sentAfterCancel} texts went out after it (budget 0)`;
