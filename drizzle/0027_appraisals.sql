CREATE TABLE "appraisal_adjustments" (
	"appraisal_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"adjustment_type" varchar(8) NOT NULL,
	"price_adjustment" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "appraisal_adjustments_appraisal_id_position_pk" PRIMARY KEY("appraisal_id","position")
);
--> statement-breakpoint
CREATE TABLE "appraisal_tallies" (
	"location_id" integer NOT NULL,
	"grain" char(1) NOT NULL,
	"period" date NOT NULL,
	"source" varchar(16) NOT NULL,
	"appraisals" integer DEFAULT 0 NOT NULL,
	"new" integer DEFAULT 0 NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"declined" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"offers" integer DEFAULT 0 NOT NULL,
	"offer_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "appraisal_tallies_location_id_grain_period_source_pk" PRIMARY KEY("location_id","grain","period","source")
);
--> statement-breakpoint
CREATE TABLE "appraisals" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"customer_name" text NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"vin" varchar(17) DEFAULT '' NOT NULL,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text DEFAULT '' NOT NULL,
	"mileage" integer NOT NULL,
	"condition" varchar(10) NOT NULL,
	"base_value_cents" integer NOT NULL,
	"offer_cents" integer NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(10) DEFAULT 'new' NOT NULL,
	"working_status" varchar(12) DEFAULT 'unworked' NOT NULL,
	"assigned_user_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraisals_money" CHECK ("appraisals"."base_value_cents" >= 0 and "appraisals"."offer_cents" >= 0),
	CONSTRAINT "appraisals_mileage" CHECK ("appraisals"."mileage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vehicle_offer_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_vehicle_year" smallint,
	"max_vehicle_year" smallint,
	"start_date" date,
	"end_date" date,
	"vehicle_make" text DEFAULT '' NOT NULL,
	"vehicle_model" text DEFAULT '' NOT NULL,
	"vehicle_trim" text DEFAULT '' NOT NULL,
	"mileage" integer,
	"adjustment_type" varchar(8) NOT NULL,
	"price_adjustment" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_offer_rules_years" CHECK ("vehicle_offer_rules"."min_vehicle_year" is null or "vehicle_offer_rules"."max_vehicle_year" is null or "vehicle_offer_rules"."min_vehicle_year" <= "vehicle_offer_rules"."max_vehicle_year"),
	CONSTRAINT "vehicle_offer_rules_dates" CHECK ("vehicle_offer_rules"."start_date" is null or "vehicle_offer_rules"."end_date" is null or "vehicle_offer_rules"."start_date" <= "vehicle_offer_rules"."end_date")
);
--> statement-breakpoint
ALTER TABLE "appraisal_adjustments" ADD CONSTRAINT "appraisal_adjustments_appraisal_id_appraisals_id_fk" FOREIGN KEY ("appraisal_id") REFERENCES "public"."appraisals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisal_adjustments" ADD CONSTRAINT "appraisal_adjustments_rule_id_vehicle_offer_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."vehicle_offer_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_offer_rules" ADD CONSTRAINT "vehicle_offer_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appraisal_adjustments_rule_idx" ON "appraisal_adjustments" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "appraisals_created_idx" ON "appraisals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_location_created_idx" ON "appraisals" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_status_created_idx" ON "appraisals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_working_created_idx" ON "appraisals" USING btree ("working_status","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_source_created_idx" ON "appraisals" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_location_status_created_idx" ON "appraisals" USING btree ("location_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "appraisals_offer_idx" ON "appraisals" USING btree ("offer_cents","id");--> statement-breakpoint
CREATE INDEX "appraisals_customer_idx" ON "appraisals" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "appraisals_assigned_idx" ON "appraisals" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE INDEX "appraisals_search_idx" ON "appraisals" USING gin (lower("customer_name" || ' ' || "phone" || ' ' || "email" || ' ' || "vin" || ' ' || "make" || ' ' || "model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_offer_rules_name_idx" ON "vehicle_offer_rules" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "vehicle_offer_rules_start_idx" ON "vehicle_offer_rules" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "vehicle_offer_rules_created_idx" ON "vehicle_offer_rules" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_offer_rules_make_idx" ON "vehicle_offer_rules" USING btree ("vehicle_make","id");--> statement-breakpoint
CREATE INDEX "vehicle_offer_rules_search_idx" ON "vehicle_offer_rules" USING gin (lower("name" || ' ' || "description" || ' ' || "vehicle_make" || ' ' || "vehicle_model") gin_trgm_ops);--> statement-breakpoint
-- hand-written: the appraisal tallies (src/modules/appraisals/appraisals.db.ts; docs/appraisals.md).
-- Every statement that adds, changes or removes appraisals adds its rows' counts (+1) and takes away the
-- old ones' (-1), per store, source and creation day and per store, source and month (days on the
-- store's clock), in the statement's own transaction. Statement-level with transition tables, so the
-- scale data's COPY is one grouped upsert; a change that moves no count (a note, a name) writes nothing.
CREATE OR REPLACE FUNCTION forecourt_tally_appraisals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    dated as (
      select c.location_id, c.source, c.status, c.offer_cents, c.sign, b.day, date_trunc('month', b.day)::date as month
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select (c.created_at at time zone coalesce(l.time_zone, 'America/Denver'))::date as day) b
    )
    insert into appraisal_tallies as t (location_id, grain, period, source, appraisals, new, offered, accepted, declined, purchased, expired, offers, offer_cents)
    select location_id, case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), source,
      sum(sign),
      coalesce(sum(sign) filter (where status = 'new'), 0),
      coalesce(sum(sign) filter (where status = 'offered'), 0),
      coalesce(sum(sign) filter (where status = 'accepted'), 0),
      coalesce(sum(sign) filter (where status = 'declined'), 0),
      coalesce(sum(sign) filter (where status = 'purchased'), 0),
      coalesce(sum(sign) filter (where status = 'expired'), 0),
      coalesce(sum(sign) filter (where status <> 'new'), 0),
      coalesce(sum(sign * offer_cents::bigint) filter (where status <> 'new'), 0)
    from dated
    group by grouping sets ((location_id, source, day), (location_id, source, month))
    having sum(sign) <> 0
      or coalesce(sum(sign) filter (where status = 'new'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'offered'), 0) <> 0
      or coalesce(sum(sign) filter (where status = 'accepted'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'declined'), 0) <> 0
      or coalesce(sum(sign) filter (where status = 'purchased'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'expired'), 0) <> 0
      or coalesce(sum(sign * offer_cents::bigint) filter (where status <> 'new'), 0) <> 0
    on conflict (location_id, grain, period, source) do update set
      appraisals = t.appraisals + excluded.appraisals, new = t.new + excluded.new, offered = t.offered + excluded.offered,
      accepted = t.accepted + excluded.accepted, declined = t.declined + excluded.declined, purchased = t.purchased + excluded.purchased,
      expired = t.expired + excluded.expired, offers = t.offers + excluded.offers, offer_cents = t.offer_cents + excluded.offer_cents
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_tally_appraisals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM appraisal_tallies;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER appraisals_tally_insert AFTER INSERT ON appraisals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appraisals();--> statement-breakpoint
CREATE TRIGGER appraisals_tally_update AFTER UPDATE ON appraisals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appraisals();--> statement-breakpoint
CREATE TRIGGER appraisals_tally_delete AFTER DELETE ON appraisals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appraisals();--> statement-breakpoint
CREATE TRIGGER appraisals_tally_truncate AFTER TRUNCATE ON appraisals
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_appraisals_truncated();
