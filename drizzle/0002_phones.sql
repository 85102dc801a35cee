CREATE TABLE "calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_sid" varchar(64) NOT NULL,
	"phone_id" integer,
	"location_id" integer,
	"direction" varchar(10) NOT NULL,
	"from_number" varchar(20) NOT NULL,
	"to_number" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"recording_url" text,
	"transferred_to" varchar(20),
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_sid" varchar(64) NOT NULL,
	"phone_id" integer,
	"location_id" integer,
	"direction" varchar(10) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"from_number" varchar(40) NOT NULL,
	"to_number" varchar(20) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(20) NOT NULL,
	"error_code" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_outs" (
	"phone_number" varchar(20) PRIMARY KEY NOT NULL,
	"keyword" varchar(20) NOT NULL,
	"source" varchar(10) DEFAULT 'keyword' NOT NULL,
	"phone_id" integer,
	"location_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"targets" text[] DEFAULT '{}' NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"hours" jsonb,
	"greeting" text DEFAULT '' NOT NULL,
	"timeout_seconds" integer DEFAULT 20 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phone_number" varchar(20) NOT NULL,
	"location_id" integer NOT NULL,
	"bridge" varchar(20) DEFAULT '' NOT NULL,
	"phone_type" varchar(20) DEFAULT 'main' NOT NULL,
	"direct_ring" boolean DEFAULT false NOT NULL,
	"sid" varchar(40),
	"messaging_service_sid" varchar(40),
	"bought" boolean DEFAULT false NOT NULL,
	"outbound" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"autopilot" boolean DEFAULT false NOT NULL,
	"squad" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sid" varchar(64);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "direction" varchar(10) DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_actions" ADD CONSTRAINT "phone_actions_phone_id_phones_id_fk" FOREIGN KEY ("phone_id") REFERENCES "public"."phones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phones" ADD CONSTRAINT "phones_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_sid_key" ON "calls" USING btree ("call_sid");--> statement-breakpoint
CREATE INDEX "calls_started_idx" ON "calls" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "calls_location_started_idx" ON "calls" USING btree ("location_id","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_phone_started_idx" ON "calls" USING btree ("phone_id","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_location_status_idx" ON "calls" USING btree ("location_id","status","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_started_idx" ON "calls" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_from_idx" ON "calls" USING btree ("from_number","started_at");--> statement-breakpoint
CREATE INDEX "calls_to_idx" ON "calls" USING btree ("to_number","started_at");--> statement-breakpoint
CREATE INDEX "calls_live_idx" ON "calls" USING btree ("started_at") WHERE "calls"."status" in ('queued', 'initiated', 'ringing', 'in-progress');--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sid_key" ON "messages" USING btree ("message_sid");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_location_created_idx" ON "messages" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_from_idx" ON "messages" USING btree ("from_number","created_at");--> statement-breakpoint
CREATE INDEX "messages_to_idx" ON "messages" USING btree ("to_number","created_at");--> statement-breakpoint
CREATE INDEX "opt_outs_location_idx" ON "opt_outs" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_actions_phone_idx" ON "phone_actions" USING btree ("phone_id","position","id");--> statement-breakpoint
CREATE INDEX "phone_actions_position_idx" ON "phone_actions" USING btree ("position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phones_number_key" ON "phones" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "phones_sid_key" ON "phones" USING btree ("sid") WHERE "phones"."sid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "phones_outbound_key" ON "phones" USING btree ("location_id") WHERE "phones"."outbound";--> statement-breakpoint
CREATE INDEX "phones_description_idx" ON "phones" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "phones_location_idx" ON "phones" USING btree ("location_id","description","id");--> statement-breakpoint
CREATE INDEX "outbox_sid_idx" ON "outbox" USING btree ("sid");