DROP INDEX "stock_numbers_vin_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "stock_numbers_vin_key" ON "stock_numbers" USING btree ("vin");