CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"promo_script" boolean DEFAULT false NOT NULL,
	"show_location_header" boolean DEFAULT true NOT NULL,
	"xtime" boolean DEFAULT false NOT NULL,
	"autoloop" boolean DEFAULT false NOT NULL,
	"theme_type" varchar(10) DEFAULT 'light' NOT NULL,
	"custom_theme" varchar(7),
	"inventory_url_type" varchar(10) DEFAULT 'location' NOT NULL,
	"custom_inventory_url" text,
	"service_url_type" varchar(10) DEFAULT 'location' NOT NULL,
	"custom_service_url" text,
	"pieces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"campaigns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"vehicle_id" integer,
	"coupon_id" integer,
	"headline" varchar(40) NOT NULL,
	"message" text NOT NULL,
	"link" text NOT NULL,
	"budget" integer NOT NULL,
	"reference" varchar(120) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"leading_text" varchar(60) DEFAULT '' NOT NULL,
	"price" varchar(40) DEFAULT '' NOT NULL,
	"savings" varchar(40) DEFAULT '' NOT NULL,
	"retail_price" varchar(40) DEFAULT '' NOT NULL,
	"promo_price" varchar(40) DEFAULT '' NOT NULL,
	"trailing_text" varchar(60) DEFAULT '' NOT NULL,
	"promo_code" varchar(40) DEFAULT '' NOT NULL,
	"product" varchar(120) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"gubagoo_offer_id" varchar(60) DEFAULT '' NOT NULL,
	"disclaimer" text DEFAULT '' NOT NULL,
	"campaign_tags" text[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"live" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"type" varchar(12) NOT NULL,
	"inventory_url" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"year" smallint NOT NULL,
	"make" varchar(60) NOT NULL,
	"model" varchar(80) NOT NULL,
	"amount" varchar(40) DEFAULT '' NOT NULL,
	"term" varchar(40) DEFAULT '' NOT NULL,
	"down" varchar(40) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"disclaimer" text DEFAULT '' NOT NULL,
	"campaign_tags" text[] DEFAULT '{}' NOT NULL,
	"gubagoo_offer_id" varchar(60) DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"featured" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_plans" ADD CONSTRAINT "marketing_plans_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ads" ADD CONSTRAINT "plan_ads_plan_id_marketing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."marketing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ads" ADD CONSTRAINT "plan_ads_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ads" ADD CONSTRAINT "plan_ads_vehicle_id_plan_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."plan_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ads" ADD CONSTRAINT "plan_ads_coupon_id_plan_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."plan_coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_ads" ADD CONSTRAINT "plan_ads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_coupons" ADD CONSTRAINT "plan_coupons_plan_id_marketing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."marketing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_coupons" ADD CONSTRAINT "plan_coupons_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_vehicles" ADD CONSTRAINT "plan_vehicles_plan_id_marketing_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."marketing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_vehicles" ADD CONSTRAINT "plan_vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_name_idx" ON "email_templates" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "email_templates_updated_idx" ON "email_templates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "email_templates_location_name_idx" ON "email_templates" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "email_templates_location_updated_idx" ON "email_templates" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "email_templates_search_idx" ON "email_templates" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_plans_current_key" ON "marketing_plans" USING btree ("location_id") WHERE "marketing_plans"."current";--> statement-breakpoint
CREATE INDEX "marketing_plans_name_idx" ON "marketing_plans" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "marketing_plans_updated_idx" ON "marketing_plans" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_plans_location_name_idx" ON "marketing_plans" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_plans_location_updated_idx" ON "marketing_plans" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_plans_search_idx" ON "marketing_plans" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plan_ads_plan_idx" ON "plan_ads" USING btree ("plan_id","id");--> statement-breakpoint
CREATE INDEX "plan_coupons_plan_idx" ON "plan_coupons" USING btree ("plan_id","position","id");--> statement-breakpoint
CREATE INDEX "plan_coupons_product_idx" ON "plan_coupons" USING btree ("product","id");--> statement-breakpoint
CREATE INDEX "plan_coupons_location_product_idx" ON "plan_coupons" USING btree ("location_id","product","id");--> statement-breakpoint
CREATE INDEX "plan_coupons_type_product_idx" ON "plan_coupons" USING btree ("type","product","id");--> statement-breakpoint
CREATE INDEX "plan_coupons_search_idx" ON "plan_coupons" USING gin (lower("product" || ' ' || "promo_code" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plan_vehicles_plan_idx" ON "plan_vehicles" USING btree ("plan_id","position","id");--> statement-breakpoint
CREATE INDEX "plan_vehicles_location_idx" ON "plan_vehicles" USING btree ("location_id","id");