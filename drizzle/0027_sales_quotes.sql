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
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD CONSTRAINT "sales_quotes_inventory_vehicle_id_inventory_vehicles_id_fk" FOREIGN KEY ("inventory_vehicle_id") REFERENCES "public"."inventory_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quotes_token_key" ON "sales_quotes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sales_quotes_location_created_idx" ON "sales_quotes" USING btree ("location_id","created_at","id");