/**
 * Conversations linked to their customers after a bulk send (decision 043). A mass text to new
 * numbers makes a conversation per number, and linking each as its text went out (a customer, its
 * keys, its words, its link) halved the send's pace. The send's batches ask for the links later;
 * the conversation's trigger then only notes the conversation, and this job links what was noted
 * once the send is done, in short transactions that leave the desk responsive.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { defineJob, enqueue } from '../../server/jobs/jobs';

/** Conversations linked per transaction: on the embedded database, tens of milliseconds. */
const BATCH = 200;

export const linkWaitingConversations = defineJob<Record<string, never>>({
  kind: 'customers.link-later',
  async run({ db, heartbeat }) {
    while (await heartbeat()) {
      const linked = await db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`
          with noted as (
            delete from customer_conversations_to_link where conversation_id in (
              select conversation_id from customer_conversations_to_link order by conversation_id limit ${BATCH}
              for update skip locked)
            returning conversation_id)
          -- Oldest first, as the trigger would have: a person's first record names their customer's store.
          select (select customer_link('conversation', c.id, r.loc, r.nm, r.ph, r.em, r.seen, r.line) is null
              from conversations c, customer_record_of(c) r where c.id = n.conversation_id)
          from (select conversation_id from noted order by conversation_id) n`)) as unknown as { rows: unknown[] };
        return rows.length;
      });
      if (linked < BATCH) return;
    }
  },
});

/** The conversations this transaction makes are linked to customers later, by the job (`queueCustomerLinks`). */
export async function deferCustomerLinks(tx: Db) {
  await tx.execute(sql`select set_config('forecourt.customer_links', 'later', true)`);
}

/** Queues the job that links the conversations noted for later, when some are and no job is queued. */
export async function queueCustomerLinks(db: Db) {
  const { rows } = (await db.execute(sql`
    select exists (select from customer_conversations_to_link) and not exists (
      select from jobs where kind = ${linkWaitingConversations.kind} and state = 'queued') as due`)) as unknown as {
    rows: { due: boolean }[];
  };
  if (rows[0].due) await enqueue(db, linkWaitingConversations, {});
}
