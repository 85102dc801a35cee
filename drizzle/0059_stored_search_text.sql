-- The tables whose search often reads many rows keep their search text, as repair orders do since
-- 0058 (decision 049). Each is rewritten, then analysed at once, so that its new column and index are
-- planned on facts before autovacuum comes by.
DROP INDEX "ad_insights_search_idx";--> statement-breakpoint
DROP INDEX "appraisals_search_idx";--> statement-breakpoint
DROP INDEX "lane_leads_search_idx";--> statement-breakpoint
DROP INDEX "lane_users_search_idx";--> statement-breakpoint
DROP INDEX "contacts_search_idx";--> statement-breakpoint
DROP INDEX "parts_invoices_search_idx";--> statement-breakpoint
DROP INDEX "reviews_search_idx";--> statement-breakpoint
DROP INDEX "purchases_search_idx";--> statement-breakpoint
DROP INDEX "sales_quotes_search_idx";--> statement-breakpoint
DROP INDEX "seo_pages_search_idx";--> statement-breakpoint
DROP INDEX "appointments_search_idx";--> statement-breakpoint
DROP INDEX "testimonials_search_idx";--> statement-breakpoint
ALTER TABLE "ad_insights" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("ad_insights"."campaign_name" || ' ' || "ad_insights"."ad_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appraisals" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("appraisals"."customer_name" || ' ' || "appraisals"."phone" || ' ' || "appraisals"."email" || ' ' || "appraisals"."vin" || ' ' || "appraisals"."make" || ' ' || "appraisals"."model")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lane_leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("lane_leads"."customer_name" || ' ' || "lane_leads"."email" || ' ' || "lane_leads"."phone" || ' ' || "lane_leads"."vehicle_wanted")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lane_users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("lane_users"."name" || ' ' || "lane_users"."email" || ' ' || "lane_users"."phone")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("contacts"."first_name" || ' ' || "contacts"."last_name" || ' ' || "contacts"."email")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "parts_invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("parts_invoices"."invoice_number" || ' ' || "parts_invoices"."name" || ' ' || "parts_invoices"."account")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("reviews"."author" || ' ' || "reviews"."body")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("purchases"."stock" || ' ' || "purchases"."vin" || ' ' || "purchases"."first_name" || ' ' || "purchases"."last_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_quotes" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("sales_quotes"."customer_name" || ' ' || "sales_quotes"."make" || ' ' || "sales_quotes"."model" || ' ' || "sales_quotes"."stock" || ' ' || "sales_quotes"."vin")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "seo_pages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("seo_pages"."page_url" || ' ' || "seo_pages"."display_text")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("appointments"."customer_name" || ' ' || "appointments"."phone" || ' ' || "appointments"."vehicle")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("testimonials"."customer_name" || ' ' || "testimonials"."body")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "ad_insights_search_idx" ON "ad_insights" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appraisals_search_idx" ON "appraisals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lane_leads_search_idx" ON "lane_leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lane_users_search_idx" ON "lane_users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_invoices_search_idx" ON "parts_invoices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_search_idx" ON "reviews" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_search_idx" ON "purchases" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sales_quotes_search_idx" ON "sales_quotes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seo_pages_search_idx" ON "seo_pages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_search_idx" ON "appointments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "testimonials_search_idx" ON "testimonials" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "ad_insights", "appraisals", "lane_leads", "lane_users", "contacts", "parts_invoices", "reviews", "purchases", "sales_quotes", "seo_pages", "appointments", "testimonials";
