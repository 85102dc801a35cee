CREATE TABLE "parts_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_number" varchar(30) NOT NULL,
	"description" text NOT NULL,
	"category" varchar(30) NOT NULL,
	"price_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "parts_catalog_number_key" ON "parts_catalog" USING btree ("part_number");--> statement-breakpoint
CREATE INDEX "parts_catalog_number_idx" ON "parts_catalog" USING btree ("part_number","id");--> statement-breakpoint
CREATE INDEX "parts_catalog_category_idx" ON "parts_catalog" USING btree ("category","part_number","id");--> statement-breakpoint
CREATE INDEX "parts_catalog_price_idx" ON "parts_catalog" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "parts_catalog_search_idx" ON "parts_catalog" USING gin (lower("part_number" || ' ' || "description") gin_trgm_ops);