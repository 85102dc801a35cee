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
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incentives" ADD CONSTRAINT "incentives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incentives_start_idx" ON "incentives" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_end_idx" ON "incentives" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "incentives_name_idx" ON "incentives" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "incentives_amount_idx" ON "incentives" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "incentives_location_start_idx" ON "incentives" USING btree ("location_id","start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_active_start_idx" ON "incentives" USING btree ("active","start_date","id");--> statement-breakpoint
CREATE INDEX "incentives_search_idx" ON "incentives" USING gin (lower("name") gin_trgm_ops);