CREATE TABLE "incentives" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer,
	"name" text NOT NULL,
	"type" varchar(10) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"min_year" smallint NOT NULL,
	"max_year" smallint NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"enabled_by_default" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"contact_id" integer,
	"stock" varchar(20) DEFAULT '' NOT NULL,
	"listing" text DEFAULT '' NOT NULL,
	"vehicle" text NOT NULL,
	"name" text NOT NULL,
	"phone" varchar(20),
	"email" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"provider" varchar(10) NOT NULL,
	"reference" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"stock" varchar(20) DEFAULT '' NOT NULL,
	"vin" varchar(17) DEFAULT '' NOT NULL,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"inventory_vehicle_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile_phone" varchar(20) NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact_id" integer,
	"salesperson_id" integer NOT NULL,
	"second_salesperson_id" integer,
	"price_cents" bigint NOT NULL,
	"sold_date" date NOT NULL,
	"deal_type" varchar(10) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" varchar(32) NOT NULL,
	"location_id" integer NOT NULL,
	"user_id" integer,
	"inventory_vehicle_id" integer,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text DEFAULT '' NOT NULL,
	"stock" varchar(20) DEFAULT '' NOT NULL,
	"vin" varchar(17) DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_leads" ADD CONSTRAINT "marketplace_leads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_leads" ADD CONSTRAINT "marketplace_leads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_leads" ADD CONSTRAINT "marketplace_leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_inventory_vehicle_id_inventory_vehicles_id_fk" FOREIGN KEY ("inventory_vehicle_id") REFERENCES "public"."inventory_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_salesperson_id_users_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_second_salesperson_id_users_id_fk" FOREIGN KEY ("second_salesperson_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_inventory_vehicle_id_inventory_vehicles_id_fk" FOREIGN KEY ("inventory_vehicle_id") REFERENCES "public"."inventory_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incentives_start_idx" ON "incentives" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_end_idx" ON "incentives" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "incentives_name_idx" ON "incentives" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "incentives_amount_idx" ON "incentives" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "incentives_location_start_idx" ON "incentives" USING btree ("location_id","start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_active_start_idx" ON "incentives" USING btree ("active","start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_search_idx" ON "incentives" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "marketplace_leads_location_created_idx" ON "marketplace_leads" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_sold_idx" ON "purchases" USING btree ("sold_date","id");--> statement-breakpoint
CREATE INDEX "purchases_price_idx" ON "purchases" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "purchases_location_sold_idx" ON "purchases" USING btree ("location_id","sold_date","id");--> statement-breakpoint
CREATE INDEX "purchases_salesperson_sold_idx" ON "purchases" USING btree ("salesperson_id","sold_date","id");--> statement-breakpoint
CREATE INDEX "purchases_second_salesperson_sold_idx" ON "purchases" USING btree ("second_salesperson_id","sold_date","id") WHERE "purchases"."second_salesperson_id" is not null;--> statement-breakpoint
CREATE INDEX "purchases_search_idx" ON "purchases" USING gin (lower("stock" || ' ' || "vin" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quotes_token_key" ON "sales_quotes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sales_quotes_created_idx" ON "sales_quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_location_created_idx" ON "sales_quotes" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_user_created_idx" ON "sales_quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_total_idx" ON "sales_quotes" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_search_idx" ON "sales_quotes" USING gin (lower("customer_name" || ' ' || "make" || ' ' || "model" || ' ' || "stock") gin_trgm_ops);