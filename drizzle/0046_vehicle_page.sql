-- One vehicle (docs/vehicles.md): every table that carries a VIN is read by it through a btree index, the
-- quotes list finds a quote by part of its VIN, and desking deals are kept.
CREATE TABLE "desking_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"vin" varchar(17) DEFAULT '' NOT NULL,
	"stock" varchar(20) DEFAULT '' NOT NULL,
	"vehicle" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"deal_type" varchar(8) NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sales_quotes_search_idx";--> statement-breakpoint
ALTER TABLE "desking_deals" ADD CONSTRAINT "desking_deals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desking_deals" ADD CONSTRAINT "desking_deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desking_deals_updated_idx" ON "desking_deals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "desking_deals_location_updated_idx" ON "desking_deals" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "desking_deals_creator_updated_idx" ON "desking_deals" USING btree ("created_by","updated_at","id");--> statement-breakpoint
CREATE INDEX "desking_deals_vin_idx" ON "desking_deals" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "desking_deals_search_idx" ON "desking_deals" USING gin (lower("customer_name" || ' ' || "vin" || ' ' || "stock" || ' ' || "vehicle") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appraisals_vin_idx" ON "appraisals" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "lane_vehicles_vin_idx" ON "lane_vehicles" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_vin_idx" ON "inventory_vehicles" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "payments_vin_idx" ON "payments" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_vin_idx" ON "vehicle_questionnaires" USING btree ("vehicle_vin","id");--> statement-breakpoint
CREATE INDEX "purchases_vin_idx" ON "purchases" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_vin_idx" ON "sales_quotes" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "shipment_orders_vin_idx" ON "shipment_orders" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "sales_quotes_search_idx" ON "sales_quotes" USING gin (lower("customer_name" || ' ' || "make" || ' ' || "model" || ' ' || "stock" || ' ' || "vin") gin_trgm_ops);