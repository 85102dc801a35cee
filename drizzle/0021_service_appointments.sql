CREATE TABLE "appointment_tallies" (
	"kind" varchar(8) NOT NULL,
	"grain" char(1) NOT NULL,
	"period" date NOT NULL,
	"location_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"appointments" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"canceled" integer DEFAULT 0 NOT NULL,
	"recall" integer DEFAULT 0 NOT NULL,
	"days_out" integer DEFAULT 0 NOT NULL,
	"same_day" integer DEFAULT 0 NOT NULL,
	"days_1_2" integer DEFAULT 0 NOT NULL,
	"days_3_7" integer DEFAULT 0 NOT NULL,
	"days_8_14" integer DEFAULT 0 NOT NULL,
	"days_15_plus" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_tallies_kind_location_id_grain_period_key_id_pk" PRIMARY KEY("kind","location_id","grain","period","key_id")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"source_id" integer NOT NULL,
	"service_ids" integer[] NOT NULL,
	"recall_campaign_id" integer,
	"status" varchar(10) DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_services_requested" CHECK (cardinality("appointments"."service_ids") > 0)
);
--> statement-breakpoint
CREATE TABLE "recall_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign" varchar(20) NOT NULL,
	"name" text NOT NULL,
	"make" text NOT NULL,
	"started_on" date NOT NULL,
	CONSTRAINT "recall_campaigns_campaign_unique" UNIQUE("campaign")
);
--> statement-breakpoint
CREATE TABLE "recall_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduler_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"device" varchar(10) NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"last_step" varchar(10) NOT NULL,
	"appointment_id" integer
);
--> statement-breakpoint
CREATE TABLE "service_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"long_service" boolean DEFAULT false NOT NULL,
	"hours" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "service_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "service_sources_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_source_id_service_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."service_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_recall_campaign_id_recall_campaigns_id_fk" FOREIGN KEY ("recall_campaign_id") REFERENCES "public"."recall_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_messages" ADD CONSTRAINT "recall_messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_messages" ADD CONSTRAINT "recall_messages_campaign_id_recall_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."recall_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_sessions" ADD CONSTRAINT "scheduler_sessions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduler_sessions" ADD CONSTRAINT "scheduler_sessions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_location_created_idx" ON "appointments" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_scheduled_idx" ON "appointments" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "appointments_location_scheduled_idx" ON "appointments" USING btree ("location_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "appointments_status_created_idx" ON "appointments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "appointments_recall_created_idx" ON "appointments" USING btree ("created_at","id") WHERE "appointments"."recall_campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_location_recall_created_idx" ON "appointments" USING btree ("location_id","created_at","id") WHERE "appointments"."recall_campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "appointments_search_idx" ON "appointments" USING gin (lower("customer_name" || ' ' || "phone" || ' ' || "vehicle") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "recall_messages_location_sent_idx" ON "recall_messages" USING btree ("location_id","sent_at");--> statement-breakpoint
CREATE INDEX "scheduler_sessions_started_idx" ON "scheduler_sessions" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "scheduler_sessions_location_started_idx" ON "scheduler_sessions" USING btree ("location_id","started_at","id");--> statement-breakpoint
-- The appointment reports read appointment_tallies (src/modules/service/service.db.ts; docs/service.md).
-- These triggers keep it exact: every statement that adds, changes or removes appointments or recall
-- texts adds its rows' counts (+1) and takes away the old ones' (-1), per store and booking day and per
-- store and month, and again for the whole group (location 0), in the statement's own transaction.
-- Statement-level with transition tables, so a COPY of a million rows is one grouped upsert.
-- The rows a statement changed, each with the sign its counts take: the new +1, the old -1.
CREATE OR REPLACE FUNCTION forecourt_changed_rows(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'select n.*, 1 as sign from new_rows n'
    WHEN 'DELETE' THEN 'select o.*, -1 as sign from old_rows o'
    ELSE 'select o.*, -1 as sign from old_rows o union all select n.*, 1 from new_rows n' END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_tally_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    booked as (
      select c.location_id, c.source_id, c.service_ids, c.recall_campaign_id, c.status, c.sign, b.day, date_trunc('month', b.day)::date as month,
        (c.scheduled_at at time zone z.zone)::date - b.day as days_out
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select coalesce(l.time_zone, 'America/Denver') as zone) z
      cross join lateral (select (c.created_at at time zone z.zone)::date as day) b
    ),
    keyed as (
      select b.*, k.kind, k.key_id from booked b
      cross join lateral (
        select 'location' as kind, 0 as key_id
        union all select 'source', b.source_id
        union all select 'service', s from unnest(b.service_ids) s
        union all select 'campaign', b.recall_campaign_id where b.recall_campaign_id is not null
      ) k
    )
    insert into appointment_tallies as t (kind, grain, period, location_id, key_id, appointments, completed, no_shows, canceled, recall,
      days_out, same_day, days_1_2, days_3_7, days_8_14, days_15_plus)
    -- One pass, four sums: per store and day, store and month, group and day, group and month.
    select kind, case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), coalesce(location_id, 0), key_id,
      sum(sign),
      coalesce(sum(sign) filter (where status = 'completed'), 0),
      coalesce(sum(sign) filter (where status = 'no-show'), 0),
      coalesce(sum(sign) filter (where status = 'canceled'), 0),
      coalesce(sum(sign) filter (where recall_campaign_id is not null), 0),
      sum(sign * greatest(days_out, 0)),
      coalesce(sum(sign) filter (where days_out <= 0), 0),
      coalesce(sum(sign) filter (where days_out between 1 and 2), 0),
      coalesce(sum(sign) filter (where days_out between 3 and 7), 0),
      coalesce(sum(sign) filter (where days_out between 8 and 14), 0),
      coalesce(sum(sign) filter (where days_out >= 15), 0)
    from keyed
    group by grouping sets ((kind, key_id, location_id, day), (kind, key_id, location_id, month), (kind, key_id, day), (kind, key_id, month))
    on conflict (kind, grain, period, location_id, key_id) do update set
      appointments = t.appointments + excluded.appointments, completed = t.completed + excluded.completed,
      no_shows = t.no_shows + excluded.no_shows, canceled = t.canceled + excluded.canceled, recall = t.recall + excluded.recall,
      days_out = t.days_out + excluded.days_out, same_day = t.same_day + excluded.same_day, days_1_2 = t.days_1_2 + excluded.days_1_2,
      days_3_7 = t.days_3_7 + excluded.days_3_7, days_8_14 = t.days_8_14 + excluded.days_8_14, days_15_plus = t.days_15_plus + excluded.days_15_plus
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_tally_recall_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    sent as (
      select c.location_id, c.campaign_id, c.sign, b.day, date_trunc('month', b.day)::date as month
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select (c.sent_at at time zone coalesce(l.time_zone, 'America/Denver'))::date as day) b
    )
    insert into appointment_tallies as t (kind, grain, period, location_id, key_id, messages)
    select 'campaign', case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), coalesce(location_id, 0), campaign_id, sum(sign)
    from sent
    group by grouping sets ((campaign_id, location_id, day), (campaign_id, location_id, month), (campaign_id, day), (campaign_id, month))
    on conflict (kind, grain, period, location_id, key_id) do update set messages = t.messages + excluded.messages
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Emptying the appointments (a reload of the scale data) empties their counts; the recall texts' go with them.
CREATE OR REPLACE FUNCTION forecourt_tally_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'appointments' THEN
    DELETE FROM appointment_tallies WHERE kind <> 'campaign' OR messages = 0;
    UPDATE appointment_tallies SET appointments = 0, completed = 0, no_shows = 0, canceled = 0, recall = 0, days_out = 0,
      same_day = 0, days_1_2 = 0, days_3_7 = 0, days_8_14 = 0, days_15_plus = 0 WHERE kind = 'campaign';
  ELSE
    DELETE FROM appointment_tallies WHERE kind = 'campaign' AND appointments = 0;
    UPDATE appointment_tallies SET messages = 0 WHERE kind = 'campaign';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appointments_tally_insert AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appointments();--> statement-breakpoint
CREATE TRIGGER appointments_tally_update AFTER UPDATE ON appointments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appointments();--> statement-breakpoint
CREATE TRIGGER appointments_tally_delete AFTER DELETE ON appointments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appointments();--> statement-breakpoint
CREATE TRIGGER appointments_tally_truncate AFTER TRUNCATE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_truncated();--> statement-breakpoint
CREATE TRIGGER recall_messages_tally_insert AFTER INSERT ON recall_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_recall_messages();--> statement-breakpoint
CREATE TRIGGER recall_messages_tally_update AFTER UPDATE ON recall_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_recall_messages();--> statement-breakpoint
CREATE TRIGGER recall_messages_tally_delete AFTER DELETE ON recall_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_recall_messages();--> statement-breakpoint
CREATE TRIGGER recall_messages_tally_truncate AFTER TRUNCATE ON recall_messages
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_truncated();
