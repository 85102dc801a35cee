CREATE TABLE "inventory_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"stock" varchar(20),
	"vin" varchar(17),
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text,
	"condition" varchar(10) NOT NULL,
	"exterior_color" text,
	"mileage" integer,
	"price" integer,
	"status" varchar(10) DEFAULT 'in stock' NOT NULL,
	"source" varchar(10) NOT NULL,
	"image" text,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_library" (
	"id" serial PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_vehicles" ADD CONSTRAINT "inventory_vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_vehicles_vin_key" ON "inventory_vehicles" USING btree ("vin") WHERE "inventory_vehicles"."vin" is not null and "inventory_vehicles"."status" = 'in stock';--> statement-breakpoint
CREATE INDEX "inventory_vehicles_status_idx" ON "inventory_vehicles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_location_idx" ON "inventory_vehicles" USING btree ("location_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_created_idx" ON "inventory_vehicles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_price_idx" ON "inventory_vehicles" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_vehicle_idx" ON "inventory_vehicles" USING btree ("make","model","year");--> statement-breakpoint
CREATE INDEX "inventory_vehicles_search_idx" ON "inventory_vehicles" USING gin ((coalesce("vin", '') || ' ' || coalesce("stock", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicle_library_vehicle_idx" ON "vehicle_library" USING btree ("make","model","year");