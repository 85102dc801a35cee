CREATE TABLE "ad_insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"ad_id" varchar(40) NOT NULL,
	"campaign_name" varchar(200) NOT NULL,
	"ad_set_name" varchar(200) NOT NULL,
	"ad_name" varchar(200) NOT NULL,
	"campaign_lifetime_budget_cents" bigint DEFAULT 0 NOT NULL,
	"creative_name" varchar(200) DEFAULT '' NOT NULL,
	"creative_message" varchar(2000) DEFAULT '' NOT NULL,
	"creative_image_url" varchar(500) DEFAULT '' NOT NULL,
	"creative_link_url" varchar(500) DEFAULT '' NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"title" varchar(160) NOT NULL,
	"description" varchar(320) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"service_name" varchar(80) DEFAULT '' NOT NULL,
	"page_type" varchar(20) NOT NULL,
	"vehicle_year" integer,
	"vehicle_make" varchar(40) DEFAULT '' NOT NULL,
	"vehicle_model" varchar(60) DEFAULT '' NOT NULL,
	"vehicle_trim" varchar(60) DEFAULT '' NOT NULL,
	"page_url" varchar(300) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"external_id" varchar(80) NOT NULL,
	"rating" smallint NOT NULL,
	"author" varchar(120) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"page_url" varchar(300) NOT NULL,
	"created_by" integer,
	"display_text" varchar(160) NOT NULL,
	"service_name" varchar(80) DEFAULT '' NOT NULL,
	"helpful" boolean DEFAULT false NOT NULL,
	"page_type" varchar(20) NOT NULL,
	"vehicle_year" integer,
	"vehicle_make" varchar(40) DEFAULT '' NOT NULL,
	"vehicle_model" varchar(60) DEFAULT '' NOT NULL,
	"vehicle_trim" varchar(60) DEFAULT '' NOT NULL,
	"created_with_ddc_api" boolean DEFAULT false NOT NULL,
	"cms_page_id" varchar(80),
	"preview_url" varchar(400),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_insights" ADD CONSTRAINT "ad_insights_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD CONSTRAINT "seo_pages_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD CONSTRAINT "seo_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_insights_day_idx" ON "ad_insights" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "ad_insights_spend_idx" ON "ad_insights" USING btree ("spend_cents","id");--> statement-breakpoint
CREATE INDEX "ad_insights_location_day_idx" ON "ad_insights" USING btree ("location_id","day","id");--> statement-breakpoint
CREATE INDEX "ad_insights_totals_idx" ON "ad_insights" USING btree ("location_id","day","spend_cents","impressions","clicks");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_insights_ad_day_key" ON "ad_insights" USING btree ("ad_id","day");--> statement-breakpoint
CREATE INDEX "ad_insights_search_idx" ON "ad_insights" USING gin (lower("campaign_name" || ' ' || "ad_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "content_items_created_idx" ON "content_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_title_idx" ON "content_items" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "content_items_location_created_idx" ON "content_items" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_published_created_idx" ON "content_items" USING btree ("published","created_at","id");--> statement-breakpoint
CREATE INDEX "content_items_location_url_idx" ON "content_items" USING btree ("location_id","page_url");--> statement-breakpoint
CREATE INDEX "content_items_search_idx" ON "content_items" USING gin (lower("title" || ' ' || "page_url") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_reviewed_idx" ON "reviews" USING btree ("reviewed_at","id");--> statement-breakpoint
CREATE INDEX "reviews_rating_idx" ON "reviews" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "reviews_location_reviewed_idx" ON "reviews" USING btree ("location_id","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "reviews_rating_reviewed_idx" ON "reviews" USING btree ("rating","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "reviews_source_reviewed_idx" ON "reviews" USING btree ("source","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "reviews_location_rating_reviewed_idx" ON "reviews" USING btree ("location_id","rating","reviewed_at","id");--> statement-breakpoint
CREATE INDEX "reviews_unreplied_reviewed_idx" ON "reviews" USING btree ("reviewed_at","id") WHERE "reviews"."replied_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_source_external_key" ON "reviews" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "reviews_search_idx" ON "reviews" USING gin (lower("author" || ' ' || "body") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seo_pages_created_idx" ON "seo_pages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "seo_pages_planner_idx" ON "seo_pages" USING btree ("created_at","location_id","created_by");--> statement-breakpoint
CREATE INDEX "seo_pages_url_idx" ON "seo_pages" USING btree ("page_url","id");--> statement-breakpoint
CREATE INDEX "seo_pages_location_created_idx" ON "seo_pages" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "seo_pages_creator_created_idx" ON "seo_pages" USING btree ("created_by","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "seo_pages_location_url_key" ON "seo_pages" USING btree ("location_id","page_url");--> statement-breakpoint
CREATE INDEX "seo_pages_search_idx" ON "seo_pages" USING gin (lower("page_url" || ' ' || "display_text") gin_trgm_ops);