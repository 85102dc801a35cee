CREATE TABLE "acquisition_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"vin" varchar(17) NOT NULL,
	"service_tag_number" varchar(20) DEFAULT '' NOT NULL,
	"vehicle_type" varchar(12) NOT NULL,
	"location_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquisition_vehicles" ADD CONSTRAINT "acquisition_vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acquisition_vehicles" ADD CONSTRAINT "acquisition_vehicles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acquisition_vehicles_active_vin_key" ON "acquisition_vehicles" USING btree ("location_id","vin") WHERE "acquisition_vehicles"."active";--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_created_idx" ON "acquisition_vehicles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_location_created_idx" ON "acquisition_vehicles" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_active_created_idx" ON "acquisition_vehicles" USING btree ("active","created_at","id");--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_vin_idx" ON "acquisition_vehicles" USING btree ("vin","id");--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_service_tag_idx" ON "acquisition_vehicles" USING btree ("service_tag_number","id");--> statement-breakpoint
CREATE INDEX "acquisition_vehicles_search_idx" ON "acquisition_vehicles" USING gin (lower("vin" || ' ' || "service_tag_number") gin_trgm_ops);