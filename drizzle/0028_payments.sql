CREATE TABLE "local_payouts" (
	"reference" varchar(64) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"payee_name" text NOT NULL,
	"payee_email" text DEFAULT '' NOT NULL,
	"payee_phone" varchar(20) DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"from_state" varchar(12),
	"to_state" varchar(12) NOT NULL,
	"amount_cents" integer NOT NULL,
	"user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"provider_status" varchar(12),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"action" varchar(40) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"reply" jsonb,
	"error_status" smallint,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"appraisal_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"state" varchar(12) DEFAULT 'requested' NOT NULL,
	"amount_cents" integer NOT NULL,
	"offer_cents" integer NOT NULL,
	"payee_name" text NOT NULL,
	"payee_email" text DEFAULT '' NOT NULL,
	"payee_phone" varchar(20) DEFAULT '' NOT NULL,
	"vehicle" text NOT NULL,
	"vin" varchar(17) DEFAULT '' NOT NULL,
	"revision" smallint DEFAULT 0 NOT NULL,
	"provider_reference" varchar(64),
	"provider_status" varchar(12),
	"provider_checked_at" timestamp with time zone,
	"manual_method" varchar(16),
	"manual_details" text DEFAULT '' NOT NULL,
	"manual_reference" varchar(40),
	"manual_sent_on" date,
	"requested_by" integer,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_cents" > 0 and "payments"."offer_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appraisal_id_appraisals_id_fk" FOREIGN KEY ("appraisal_id") REFERENCES "public"."appraisals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "local_payouts_key" ON "local_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_idempotency_created_idx" ON "payment_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_updated_idx" ON "payments" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_payee_idx" ON "payments" USING btree ("payee_name","id");--> statement-breakpoint
CREATE INDEX "payments_location_created_idx" ON "payments" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_state_created_idx" ON "payments" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_location_state_created_idx" ON "payments" USING btree ("location_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_appraisal_idx" ON "payments" USING btree ("appraisal_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_appraisal_key" ON "payments" USING btree ("appraisal_id") WHERE "payments"."state" not in ('voided', 'cancelled');--> statement-breakpoint
CREATE INDEX "payments_search_idx" ON "payments" USING gin (lower("payee_name" || ' ' || "payee_email" || ' ' || "payee_phone" || ' ' || "vin" || ' ' || "vehicle") gin_trgm_ops);