DROP INDEX "locations_name_idx";--> statement-breakpoint
DROP INDEX "locations_region_idx";--> statement-breakpoint
CREATE INDEX "job_codes_long_name_idx" ON "job_codes" USING btree ("long_name","job_code");--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "locations_region_idx" ON "locations" USING btree ("region","id");