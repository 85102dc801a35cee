DROP INDEX "calls_location_status_idx";--> statement-breakpoint
DROP INDEX "calls_user_started_idx";--> statement-breakpoint
CREATE INDEX "calls_location_status_idx" ON "calls" USING btree ("location_id","status","direction","started_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_started_idx" ON "calls" USING btree ("user_id","started_at","id");