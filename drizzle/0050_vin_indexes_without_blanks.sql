-- The vehicle page's statement is prepared once and planned for any VIN (vehicle-page.server.ts).
-- Where most VINs are blank (appraisals, payments and quotes may have none), a plan for any VIN
-- expected an index read of every row and read the table instead; indexes of the VINs given, which
-- the statement's `vin <> ''` lets it use, are read for one VIN whatever the blanks.
DROP INDEX "appraisals_vin_idx";--> statement-breakpoint
DROP INDEX "payments_vin_idx";--> statement-breakpoint
DROP INDEX "vehicle_questionnaires_vin_idx";--> statement-breakpoint
DROP INDEX "sales_quotes_vin_idx";--> statement-breakpoint
CREATE INDEX "appraisals_vin_idx" ON "appraisals" USING btree ("vin","id") WHERE "appraisals"."vin" <> '';--> statement-breakpoint
CREATE INDEX "payments_vin_idx" ON "payments" USING btree ("vin","id") WHERE "payments"."vin" <> '';--> statement-breakpoint
CREATE INDEX "vehicle_questionnaires_vin_idx" ON "vehicle_questionnaires" USING btree ("vehicle_vin","id") WHERE "vehicle_questionnaires"."vehicle_vin" <> '';--> statement-breakpoint
CREATE INDEX "sales_quotes_vin_idx" ON "sales_quotes" USING btree ("vin","id") WHERE "sales_quotes"."vin" <> '';