CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" varchar(60) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"mobile_phone" varchar(20),
	"email" text DEFAULT '' NOT NULL,
	"autopilot" boolean DEFAULT false NOT NULL,
	"source" varchar(10) DEFAULT 'staff' NOT NULL,
	"sold" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"address" varchar(320) NOT NULL,
	"contact_id" integer,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"not_before" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"sid" varchar(64),
	"reason" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"location_id" integer NOT NULL,
	"phone_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"quiet_hours" varchar(10) NOT NULL,
	"state" varchar(10) DEFAULT 'queued' NOT NULL,
	"recipient_count" integer NOT NULL,
	"job_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_direction" varchar(10) NOT NULL,
	"last_body" text NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"contact_id" integer,
	"contact_name" text DEFAULT '' NOT NULL,
	"autopilot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_shortcuts" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer,
	"shortcut" varchar(40) NOT NULL,
	"message" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_recipients" ADD CONSTRAINT "bulk_recipients_send_id_bulk_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_shortcuts" ADD CONSTRAINT "messenger_shortcuts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_location_phone_key" ON "contacts" USING btree ("location_id","mobile_phone") WHERE "contacts"."mobile_phone" is not null;--> statement-breakpoint
CREATE INDEX "contacts_name_idx" ON "contacts" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "contacts_location_name_idx" ON "contacts" USING btree ("location_id","last_name","id");--> statement-breakpoint
CREATE INDEX "contacts_created_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("mobile_phone");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_recipients_address_key" ON "bulk_recipients" USING btree ("send_id","address");--> statement-breakpoint
CREATE INDEX "bulk_recipients_state_idx" ON "bulk_recipients" USING btree ("send_id","state","id");--> statement-breakpoint
CREATE INDEX "bulk_sends_created_idx" ON "bulk_sends" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bulk_sends_location_created_idx" ON "bulk_sends" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_location_phone_key" ON "conversations" USING btree ("location_id","phone");--> statement-breakpoint
CREATE INDEX "conversations_last_idx" ON "conversations" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_location_last_idx" ON "conversations" USING btree ("location_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_direction_last_idx" ON "conversations" USING btree ("last_direction","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_location_direction_last_idx" ON "conversations" USING btree ("location_id","last_direction","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("last_message_at","id") WHERE "conversations"."unread" > 0;--> statement-breakpoint
CREATE INDEX "conversations_phone_idx" ON "conversations" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_shortcuts_key" ON "messenger_shortcuts" USING btree (coalesce("location_id", 0),lower("shortcut"));--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to","created_at");--> statement-breakpoint
-- Conversations are kept from the texts themselves, in the transaction that records them: one row per
-- store and customer number with the last text, who sent it, the inbound texts not yet read, and the
-- store's contact with that number (name and autopilot), so the messenger's list reads one table.
CREATE OR REPLACE FUNCTION forecourt_conversations_from_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversations AS c (location_id, phone, last_message_at, last_direction, last_body, unread, message_count, contact_id, contact_name, autopilot)
  SELECT x.location_id, x.phone, x.created_at, x.direction, left(x.body, 200), x.unread, x.total,
    k.id, coalesce(nullif(trim(k.first_name || ' ' || k.last_name), ''), ''), coalesce(k.autopilot, false)
  FROM (
    SELECT m.location_id, m.phone, m.created_at, m.direction, m.body,
      count(*) FILTER (WHERE m.direction = 'inbound') OVER whole AS unread,
      count(*) OVER whole AS total,
      row_number() OVER (PARTITION BY m.location_id, m.phone ORDER BY m.created_at DESC, m.id DESC) AS latest
    FROM (
      SELECT id, location_id, created_at, direction, body, CASE WHEN direction = 'inbound' THEN from_number ELSE to_number END AS phone
      FROM new_rows WHERE location_id IS NOT NULL
    ) m
    WINDOW whole AS (PARTITION BY m.location_id, m.phone)
  ) x
  LEFT JOIN contacts k ON k.location_id = x.location_id AND k.mobile_phone = x.phone
  WHERE x.latest = 1
  ON CONFLICT (location_id, phone) DO UPDATE SET
    last_direction = CASE WHEN excluded.last_message_at >= c.last_message_at THEN excluded.last_direction ELSE c.last_direction END,
    last_body = CASE WHEN excluded.last_message_at >= c.last_message_at THEN excluded.last_body ELSE c.last_body END,
    last_message_at = greatest(c.last_message_at, excluded.last_message_at),
    unread = c.unread + excluded.unread,
    message_count = c.message_count + excluded.message_count;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_conversations_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversations;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_conversations_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_from_messages();--> statement-breakpoint
CREATE TRIGGER messages_conversations_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_truncated();--> statement-breakpoint
-- A contact added, renamed, renumbered, switched to autopilot or removed shows in its conversation.
CREATE OR REPLACE FUNCTION forecourt_conversations_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE conversations c SET contact_id = NULL, contact_name = '', autopilot = false
    FROM old_rows o WHERE c.contact_id = o.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE conversations c SET contact_id = n.id, contact_name = coalesce(nullif(trim(n.first_name || ' ' || n.last_name), ''), ''), autopilot = n.autopilot
    FROM new_rows n WHERE c.location_id = n.location_id AND c.phone = n.mobile_phone;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_conversations_contacts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET contact_id = NULL, contact_name = '', autopilot = false WHERE contact_id IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_conversations_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_conversations_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_conversations_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_conversations_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_conversations_contacts_truncated();--> statement-breakpoint
-- Texts recorded before this migration start their conversations now.
INSERT INTO conversations (location_id, phone, last_message_at, last_direction, last_body, unread, message_count)
SELECT location_id, phone, created_at, direction, left(body, 200), 0, total FROM (
  SELECT m.location_id, m.phone, m.created_at, m.direction, m.body, count(*) OVER whole AS total,
    row_number() OVER (PARTITION BY m.location_id, m.phone ORDER BY m.created_at DESC, m.id DESC) AS latest
  FROM (
    SELECT id, location_id, created_at, direction, body, CASE WHEN direction = 'inbound' THEN from_number ELSE to_number END AS phone
    FROM messages WHERE location_id IS NOT NULL
  ) m
  WINDOW whole AS (PARTITION BY m.location_id, m.phone)
) x WHERE latest = 1;
