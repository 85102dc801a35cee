ALTER TABLE "desking_deals" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "desking_deals" ADD COLUMN "appraisal_id" integer;--> statement-breakpoint
ALTER TABLE "desking_deals" ADD CONSTRAINT "desking_deals_quote_id_sales_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."sales_quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desking_deals" ADD CONSTRAINT "desking_deals_appraisal_id_appraisals_id_fk" FOREIGN KEY ("appraisal_id") REFERENCES "public"."appraisals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desking_deals_quote_idx" ON "desking_deals" USING btree ("quote_id") WHERE "desking_deals"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "desking_deals_appraisal_idx" ON "desking_deals" USING btree ("appraisal_id") WHERE "desking_deals"."appraisal_id" is not null;