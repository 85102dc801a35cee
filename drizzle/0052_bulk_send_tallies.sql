CREATE TABLE "bulk_send_tallies" (
	"send_id" integer NOT NULL,
	"counted" varchar(12) NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "bulk_send_tallies_send_id_counted_not_before_pk" PRIMARY KEY("send_id","counted","not_before")
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "bulk_send_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "bulk_send_id" integer;--> statement-breakpoint
ALTER TABLE "bulk_send_tallies" ADD CONSTRAINT "bulk_send_tallies_send_id_bulk_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: a send's progress (loadSend, every second while its screen is open) reads bulk_send_tallies
-- (messenger.db.ts) where it counted the send's recipients by state and joined the sent ones to their texts
-- or calls: about 120 ms at 50,000 recipients, and more while the send wrote. The triggers below keep the
-- tallies in the writes' own transactions.
-- The texts and calls sent before this migration learn their send from the recipient that names their sid.
UPDATE "messages" m SET "bulk_send_id" = r."send_id" FROM "bulk_recipients" r
  WHERE r."state" = 'sent' AND r."sid" = m."message_sid" AND m."direction" = 'outbound';--> statement-breakpoint
UPDATE "calls" c SET "bulk_send_id" = r."send_id" FROM "bulk_recipients" r
  WHERE r."state" = 'sent' AND r."sid" = c."call_sid" AND c."direction" = 'outbound';--> statement-breakpoint
-- What a sent text or call came to, as the progress reports it (delivered, failed): a text delivered, or one the
-- carrier could not deliver; a call answered, or one nobody took. Anything else is on its way (NULL). Named
-- apart from the recipients' states, which share the table.
CREATE OR REPLACE FUNCTION forecourt_bulk_outcome(tbl text, status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN tbl = 'messages' THEN
      CASE WHEN status = 'delivered' THEN 'delivered' WHEN status IN ('failed', 'undelivered') THEN 'undelivered' END
    ELSE
      CASE WHEN status = 'completed' THEN 'delivered' WHEN status IN ('no-answer', 'busy', 'failed', 'canceled') THEN 'undelivered' END
  END
$$;--> statement-breakpoint
-- Recipients by state and waiting hour: per statement (an accept inserts a send's 50,000 in one), each
-- statement's rows grouped into one upsert; a deleted send's recipients (its cascade) count nowhere. Rows are written in key order, so two writers of one send
-- (its delivery and its Cancel's marking) take the tally rows' locks in the same order.
CREATE OR REPLACE FUNCTION forecourt_tally_bulk_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    insert into bulk_send_tallies as t (send_id, counted, not_before, count)
    select g.* from (
      select send_id, state, coalesce(not_before, '-infinity'), sum(sign) from (%s) c
      group by 1, 2, 3 having sum(sign) <> 0
    ) g(send_id, state, not_before, count)
    where exists (select 1 from bulk_sends s where s.id = g.send_id)
    order by 1, 2, 3
    on conflict (send_id, counted, not_before) do update set count = t.count + excluded.count
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_tally_bulk_recipients_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bulk_send_tallies;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A send's texts or calls as they are recorded: per statement (a batch's in one insert), grouped. A row
-- trigger here cost the embedded database half a millisecond a text (5,000 texts: 2.7 s against 0.3).
-- A text or call of no send passes through it, found in the statement's rows and written nowhere.
CREATE OR REPLACE FUNCTION forecourt_tally_bulk_outcomes_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bulk_send_tallies AS t (send_id, counted, not_before, count)
  SELECT n.bulk_send_id, o.outcome, '-infinity', count(*)
  FROM new_rows n CROSS JOIN LATERAL forecourt_bulk_outcome(TG_TABLE_NAME, n.status) o(outcome)
  WHERE n.bulk_send_id IS NOT NULL AND o.outcome IS NOT NULL AND EXISTS (SELECT 1 FROM bulk_sends s WHERE s.id = n.bulk_send_id)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (send_id, counted, not_before) DO UPDATE SET count = t.count + excluded.count;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A carrier's status callback changes one text or call: a row trigger that only a send's rows fire, and only
-- when the status moves. A late callback for a send since deleted counts nowhere.
CREATE OR REPLACE FUNCTION forecourt_tally_bulk_outcomes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := forecourt_bulk_outcome(TG_TABLE_NAME, OLD.status);
  came text := forecourt_bulk_outcome(TG_TABLE_NAME, NEW.status);
BEGIN
  IF was IS NOT DISTINCT FROM came THEN
    RETURN NULL;
  END IF;
  IF was IS NOT NULL THEN
    UPDATE bulk_send_tallies SET count = count - 1
    WHERE send_id = NEW.bulk_send_id AND counted = was AND not_before = '-infinity';
  END IF;
  IF came IS NOT NULL THEN
    INSERT INTO bulk_send_tallies AS t (send_id, counted, not_before, count)
    SELECT NEW.bulk_send_id, came, '-infinity', 1 WHERE EXISTS (SELECT 1 FROM bulk_sends s WHERE s.id = NEW.bulk_send_id)
    ON CONFLICT (send_id, counted, not_before) DO UPDATE SET count = t.count + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "bulk_send_tallies" ("send_id", "counted", "not_before", "count")
  SELECT "send_id", "state", coalesce("not_before", '-infinity'), count(*) FROM "bulk_recipients" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "bulk_send_tallies" ("send_id", "counted", "not_before", "count")
  SELECT "bulk_send_id", outcome, '-infinity', count(*) FROM (
    SELECT "bulk_send_id", forecourt_bulk_outcome('messages', "status") AS outcome FROM "messages" WHERE "bulk_send_id" IS NOT NULL
    UNION ALL
    SELECT "bulk_send_id", forecourt_bulk_outcome('calls', "status") FROM "calls" WHERE "bulk_send_id" IS NOT NULL
  ) o WHERE outcome IS NOT NULL AND EXISTS (SELECT 1 FROM "bulk_sends" s WHERE s."id" = o."bulk_send_id") GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER bulk_recipients_tally_insert AFTER INSERT ON bulk_recipients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_recipients();--> statement-breakpoint
CREATE TRIGGER bulk_recipients_tally_update AFTER UPDATE ON bulk_recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_recipients();--> statement-breakpoint
CREATE TRIGGER bulk_recipients_tally_delete AFTER DELETE ON bulk_recipients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_recipients();--> statement-breakpoint
CREATE TRIGGER bulk_recipients_tally_truncate AFTER TRUNCATE ON bulk_recipients
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_recipients_truncated();--> statement-breakpoint
CREATE TRIGGER messages_bulk_tally_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_outcomes_recorded();--> statement-breakpoint
CREATE TRIGGER messages_bulk_tally_update AFTER UPDATE OF status ON messages
  FOR EACH ROW WHEN (NEW.bulk_send_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION forecourt_tally_bulk_outcomes();--> statement-breakpoint
CREATE TRIGGER calls_bulk_tally_insert AFTER INSERT ON calls REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_bulk_outcomes_recorded();--> statement-breakpoint
CREATE TRIGGER calls_bulk_tally_update AFTER UPDATE OF status ON calls
  FOR EACH ROW WHEN (NEW.bulk_send_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION forecourt_tally_bulk_outcomes();
