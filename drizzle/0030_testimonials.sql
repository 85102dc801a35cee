CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"creator_id" integer,
	"active" boolean DEFAULT false NOT NULL,
	"customer_name" varchar(80) DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"rating" smallint DEFAULT 5 NOT NULL,
	"given_on" date NOT NULL,
	"vehicle_year" integer,
	"vehicle_make" varchar(40) DEFAULT '' NOT NULL,
	"vehicle_model" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "testimonials_created_idx" ON "testimonials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "testimonials_location_created_idx" ON "testimonials" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "testimonials_active_created_idx" ON "testimonials" USING btree ("active","created_at","id");--> statement-breakpoint
CREATE INDEX "testimonials_given_idx" ON "testimonials" USING btree ("given_on","id");--> statement-breakpoint
CREATE INDEX "testimonials_rating_idx" ON "testimonials" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "testimonials_search_idx" ON "testimonials" USING gin (lower("customer_name" || ' ' || "body") gin_trgm_ops);