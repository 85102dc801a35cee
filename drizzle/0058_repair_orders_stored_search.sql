-- Repair orders keep their search text (decision 049). The table is rewritten: analysed at once, so
-- that its new column and index are planned on facts before autovacuum comes by.
DROP INDEX "repair_orders_search_idx";--> statement-breakpoint
ALTER TABLE "repair_orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("repair_orders"."customer_name" || ' ' || "repair_orders"."vehicle")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "repair_orders_search_idx" ON "repair_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ANALYZE "repair_orders";
