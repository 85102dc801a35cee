CREATE TABLE "lane_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"lane_vehicle_id" integer,
	"location_id" integer NOT NULL,
	"scheduled_date" date NOT NULL,
	"delivered_date" date,
	"status" varchar(12) DEFAULT 'scheduled' NOT NULL,
	"address" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"lane_user_id" integer,
	"customer_name" varchar(100) NOT NULL,
	"email" varchar(200) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"vehicle_wanted" varchar(200) DEFAULT '' NOT NULL,
	"lane_vehicle_id" integer,
	"source" varchar(20) NOT NULL,
	"status" varchar(12) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"sold_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lane_password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"lane_user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lane_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"carrier" varchar(40) NOT NULL,
	"coverage" varchar(12) NOT NULL,
	"term_months" smallint NOT NULL,
	"premium_cents" bigint,
	"status" varchar(12) DEFAULT 'requested' NOT NULL,
	"reference" varchar(64) DEFAULT '' NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quoted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"text" text NOT NULL,
	"photo_url" varchar(300) DEFAULT '' NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(200) NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"password_hash" text,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lane_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"vin" varchar(17) NOT NULL,
	"stock_number" varchar(20) NOT NULL,
	"description" varchar(120) DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"photos_url" varchar(300) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lane_deliveries" ADD CONSTRAINT "lane_deliveries_lead_id_lane_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lane_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_deliveries" ADD CONSTRAINT "lane_deliveries_lane_vehicle_id_lane_vehicles_id_fk" FOREIGN KEY ("lane_vehicle_id") REFERENCES "public"."lane_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_deliveries" ADD CONSTRAINT "lane_deliveries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_leads" ADD CONSTRAINT "lane_leads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_leads" ADD CONSTRAINT "lane_leads_lane_user_id_lane_users_id_fk" FOREIGN KEY ("lane_user_id") REFERENCES "public"."lane_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_leads" ADD CONSTRAINT "lane_leads_lane_vehicle_id_lane_vehicles_id_fk" FOREIGN KEY ("lane_vehicle_id") REFERENCES "public"."lane_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_password_resets" ADD CONSTRAINT "lane_password_resets_lane_user_id_lane_users_id_fk" FOREIGN KEY ("lane_user_id") REFERENCES "public"."lane_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_password_resets" ADD CONSTRAINT "lane_password_resets_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_quotes" ADD CONSTRAINT "lane_quotes_lead_id_lane_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lane_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_quotes" ADD CONSTRAINT "lane_quotes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_quotes" ADD CONSTRAINT "lane_quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_updates" ADD CONSTRAINT "lane_updates_delivery_id_lane_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lane_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_updates" ADD CONSTRAINT "lane_updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lane_vehicles" ADD CONSTRAINT "lane_vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lane_deliveries_lead_key" ON "lane_deliveries" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lane_deliveries_scheduled_idx" ON "lane_deliveries" USING btree ("scheduled_date","id");--> statement-breakpoint
CREATE INDEX "lane_deliveries_location_scheduled_idx" ON "lane_deliveries" USING btree ("location_id","scheduled_date","id");--> statement-breakpoint
CREATE INDEX "lane_deliveries_status_scheduled_idx" ON "lane_deliveries" USING btree ("status","scheduled_date","id");--> statement-breakpoint
CREATE INDEX "lane_deliveries_created_idx" ON "lane_deliveries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lane_deliveries_vehicle_idx" ON "lane_deliveries" USING btree ("lane_vehicle_id");--> statement-breakpoint
CREATE INDEX "lane_leads_created_idx" ON "lane_leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_location_created_idx" ON "lane_leads" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_status_created_idx" ON "lane_leads" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_location_status_created_idx" ON "lane_leads" USING btree ("location_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_updated_idx" ON "lane_leads" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_location_updated_idx" ON "lane_leads" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "lane_leads_name_idx" ON "lane_leads" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "lane_leads_user_idx" ON "lane_leads" USING btree ("lane_user_id");--> statement-breakpoint
CREATE INDEX "lane_leads_search_idx" ON "lane_leads" USING gin (lower("customer_name" || ' ' || "email" || ' ' || "phone" || ' ' || "vehicle_wanted") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lane_password_resets_token_key" ON "lane_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "lane_password_resets_user_idx" ON "lane_password_resets" USING btree ("lane_user_id");--> statement-breakpoint
CREATE INDEX "lane_quotes_created_idx" ON "lane_quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lane_quotes_location_created_idx" ON "lane_quotes" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_quotes_status_created_idx" ON "lane_quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_quotes_lead_idx" ON "lane_quotes" USING btree ("lead_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_quotes_reference_idx" ON "lane_quotes" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "lane_updates_delivery_idx" ON "lane_updates" USING btree ("delivery_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lane_users_email_key" ON "lane_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "lane_users_created_idx" ON "lane_users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lane_users_name_idx" ON "lane_users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "lane_users_search_idx" ON "lane_users" USING gin (lower("name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "lane_vehicles_live_vin_key" ON "lane_vehicles" USING btree ("vin") WHERE "lane_vehicles"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "lane_vehicles_created_idx" ON "lane_vehicles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_location_created_idx" ON "lane_vehicles" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_status_created_idx" ON "lane_vehicles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_price_idx" ON "lane_vehicles" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_stock_idx" ON "lane_vehicles" USING btree ("stock_number","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_search_idx" ON "lane_vehicles" USING gin (lower("vin" || ' ' || "stock_number" || ' ' || "description") gin_trgm_ops);