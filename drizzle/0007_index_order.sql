DROP INDEX "outbox_created_idx";--> statement-breakpoint
DROP INDEX "user_events_user_at_idx";--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_events_user_at_idx" ON "user_events" USING btree ("user_id","at","id");