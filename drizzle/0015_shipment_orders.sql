CREATE TABLE "shipment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"origin_location_id" integer,
	"origin_name" text NOT NULL,
	"origin_address_one" text NOT NULL,
	"origin_city" text NOT NULL,
	"origin_state" varchar(2) NOT NULL,
	"origin_zipcode" varchar(10) NOT NULL,
	"customer_address" boolean DEFAULT false NOT NULL,
	"destination_location_id" integer,
	"destination_name" text NOT NULL,
	"destination_address_one" text NOT NULL,
	"destination_city" text NOT NULL,
	"destination_state" varchar(2) NOT NULL,
	"destination_zipcode" varchar(10) NOT NULL,
	"vin" varchar(17) NOT NULL,
	"stock" varchar(20),
	"year" smallint,
	"make" text,
	"model" text,
	"pickup_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"carrier" varchar(10) NOT NULL,
	"reference" text NOT NULL,
	"request" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_origin_location_id_locations_id_fk" FOREIGN KEY ("origin_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_destination_location_id_locations_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_orders" ADD CONSTRAINT "shipment_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_orders_created_idx" ON "shipment_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipment_orders_location_idx" ON "shipment_orders" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipment_orders_pickup_idx" ON "shipment_orders" USING btree ("pickup_date","id");--> statement-breakpoint
CREATE INDEX "shipment_orders_search_idx" ON "shipment_orders" USING gin (lower("vin" || ' ' || "origin_name" || ' ' || "destination_name" || ' ' || "reference") gin_trgm_ops);