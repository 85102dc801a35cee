CREATE TABLE "vehicle_questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"vehicle_vin" varchar(17) DEFAULT '' NOT NULL,
	"vehicle_year" smallint NOT NULL,
	"vehicle_make" text NOT NULL,
	"vehicle_model" text NOT NULL,
	"vehicle_trim" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_questionnaires" ADD CONSTRAINT "vehicle_questionnaires_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_created_idx" ON "vehicle_questionnaires" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_location_created_idx" ON "vehicle_questionnaires" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_last_name_idx" ON "vehicle_questionnaires" USING btree ("last_name","id");--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_search_idx" ON "vehicle_questionnaires" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "phone" || ' ' || "vehicle_vin") gin_trgm_ops);