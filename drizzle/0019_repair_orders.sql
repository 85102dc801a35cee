CREATE TABLE "repair_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"repair_order_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"hours_hundredths" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"vehicle" text NOT NULL,
	"services_requested" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"value_cents" bigint DEFAULT 0 NOT NULL,
	"hours_hundredths" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repair_order_items" ADD CONSTRAINT "repair_order_items_repair_order_id_repair_orders_id_fk" FOREIGN KEY ("repair_order_id") REFERENCES "public"."repair_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_orders" ADD CONSTRAINT "repair_orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_order_items_order_idx" ON "repair_order_items" USING btree ("repair_order_id","position");--> statement-breakpoint
CREATE INDEX "repair_orders_created_idx" ON "repair_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "repair_orders_location_created_idx" ON "repair_orders" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "repair_orders_status_created_idx" ON "repair_orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "repair_orders_search_idx" ON "repair_orders" USING gin (lower("customer_name" || ' ' || "vehicle") gin_trgm_ops);