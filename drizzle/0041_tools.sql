CREATE TABLE "career_goals" (
	"path_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	CONSTRAINT "career_goals_path_id_requirement_id_pk" PRIMARY KEY("path_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "career_paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"willing_to_relocate" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_position_children" (
	"parent_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"position_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "career_position_children_parent_id_position_id_pk" PRIMARY KEY("parent_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "career_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"department" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cdn_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"storage_key" varchar(120) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"content_size" integer NOT NULL,
	"original_size" integer NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"compressed" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"slug" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"theme" varchar(20) DEFAULT 'light' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "career_goals" ADD CONSTRAINT "career_goals_path_id_career_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."career_paths"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_goals" ADD CONSTRAINT "career_goals_requirement_id_career_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."career_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_goals" ADD CONSTRAINT "career_goals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_paths" ADD CONSTRAINT "career_paths_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_paths" ADD CONSTRAINT "career_paths_position_id_career_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."career_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_position_children" ADD CONSTRAINT "career_position_children_parent_id_career_positions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."career_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_position_children" ADD CONSTRAINT "career_position_children_position_id_career_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."career_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_requirements" ADD CONSTRAINT "career_requirements_position_id_career_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."career_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdn_uploads" ADD CONSTRAINT "cdn_uploads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cdn_uploads" ADD CONSTRAINT "cdn_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_goals_requirement_idx" ON "career_goals" USING btree ("requirement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "career_paths_user_position_key" ON "career_paths" USING btree ("user_id","position_id");--> statement-breakpoint
CREATE INDEX "career_paths_position_idx" ON "career_paths" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "career_children_position_idx" ON "career_position_children" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "career_positions_name_idx" ON "career_positions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "career_positions_department_idx" ON "career_positions" USING btree ("department","name","id");--> statement-breakpoint
CREATE INDEX "career_requirements_position_idx" ON "career_requirements" USING btree ("position_id","position_order");--> statement-breakpoint
CREATE UNIQUE INDEX "cdn_uploads_storage_key" ON "cdn_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "cdn_uploads_created_idx" ON "cdn_uploads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cdn_uploads_location_created_idx" ON "cdn_uploads" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cdn_uploads_size_idx" ON "cdn_uploads" USING btree ("content_size","id");--> statement-breakpoint
CREATE INDEX "cdn_uploads_description_idx" ON "cdn_uploads" USING btree ("description","id");--> statement-breakpoint
CREATE INDEX "cdn_uploads_search_idx" ON "cdn_uploads" USING gin (lower("description" || ' ' || "tags" || ' ' || "filename") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_slug_key" ON "landing_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "landing_pages_updated_idx" ON "landing_pages" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "landing_pages_location_updated_idx" ON "landing_pages" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "landing_pages_title_idx" ON "landing_pages" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "landing_pages_search_idx" ON "landing_pages" USING gin (lower("title" || ' ' || "slug") gin_trgm_ops);