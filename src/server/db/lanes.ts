import pg from 'pg';

/**
 * A few connections that pipeline the busiest read statements (list pages): each statement is written
 * behind the ones still running instead of waiting for a free connection of the pool. A backend then
 * finds its next statement already waiting rather than sleeping until it arrives, and a reply comes
 * back to a connection already being read; on a small machine these wake-ups cost more CPU than a
 * small list's statement does. Measured on locations (60 rows) under 20 clients, 20–25% more pages
 * per second; no change on the calls pages that run for milliseconds (docs/decisions/008).
 *
 * Only single statements outside a transaction use them (`runStatement`): a statement waits behind
 * those ahead of it on its lane, so each goes to the lane with the fewest waiting.
 */
export class Lanes {
  private readonly lanes: (Lane | undefined)[];
  private closed = false;

  constructor(private readonly options: pg.ClientConfig, count = LANES) {
    this.lanes = Array.from({ length: count }, () => undefined);
  }

  /** Runs a statement with PostgreSQL's generic plan for it, or a plan made for its values (`Plan`). */
  async query<T>(config: pg.QueryConfig, plan: Plan = 'generic'): Promise<T[]> {
    if (this.closed) throw new Error('The database is closed.');
    let index = 0;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane) {
        index = i;
        break;
      }
      if (lane.waiting < this.lanes[index]!.waiting) index = i;
    }
    const lane = this.lanes[index] ?? this.open(index);
    // The setting and the statement are queued together, with nothing awaited between them: the
    // connection runs them in order (queued while it connects, failed with it if it cannot).
    if (lane.plan !== plan) {
      lane.plan = plan;
      lane.client.query(planSetting[plan]).catch(() => { lane.plan = undefined; });
    }
    const answer = lane.client.query(config);
    lane.waiting++;
    try {
      return (await answer).rows as T[];
    } finally {
      lane.waiting--;
    }
  }

  /** A lane's connection, opened when first needed and again after it was lost. */
  private open(index: number) {
    const client = new pg.Client({ ...this.options, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, waiting: 0 };
    // A lost connection fails the statements on it (as a pool's would) and the next one opens anew.
    const drop = () => {
      if (this.lanes[index] === lane) this.lanes[index] = undefined;
    };
    client.on('error', drop);
    client.on('end', drop);
    client.connect().catch(drop);
    this.lanes[index] = lane;
    return lane;
  }

  async close() {
    this.closed = true;
    await Promise.all(this.lanes.map((lane) => lane?.client.end().catch(() => undefined)));
  }
}

interface Lane {
  client: pg.Client;
  /** Statements written to it and not yet answered. */
  waiting: number;
  /** How the connection plans what it is sent now (set before the first statement). */
  plan?: Plan;
}

/**
 * How PostgreSQL plans a statement on a lane. `generic`: once per connection, whatever the values
 * (a list page's filters pick the same index for any location or date), where PostgreSQL's own
 * choice re-planned the calls pages on every call: 0.7 ms of its CPU on a 1.4 ms page. `custom`: for
 * the values of each call, for statements whose best plan depends on them (a text search: the
 * trigram index for a term; decision 010).
 */
export type Plan = 'generic' | 'custom';

/** The setting that gives a connection each kind of plan. */
export const planSetting: Record<Plan, string> = {
  generic: 'set plan_cache_mode = force_generic_plan',
  custom: 'set plan_cache_mode = force_custom_plan',
};

/** The lanes of each pool: its list statements go through them. */
export const poolLanes = new WeakMap<pg.Pool, Lanes>();

/** Four: enough for PostgreSQL to use every core of a small machine, few enough to keep each busy. */
const LANES = 4;
