CREATE TABLE "vehicle_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" smallint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text NOT NULL,
	"shipped" boolean DEFAULT false NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_catalog" ADD CONSTRAINT "vehicle_catalog_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_catalog_key" ON "vehicle_catalog" USING btree ("year","make","model","trim");--> statement-breakpoint
CREATE INDEX "vehicle_catalog_make_idx" ON "vehicle_catalog" USING btree ("make","id");--> statement-breakpoint
CREATE INDEX "vehicle_catalog_year_idx" ON "vehicle_catalog" USING btree ("year","id");