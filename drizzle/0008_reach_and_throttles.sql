CREATE TABLE "rate_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signin_throttles" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_wide" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- The group's first administrator reaches every location (docs/permissions.md, "Reach").
UPDATE "users" SET "group_wide" = true WHERE lower("username") = 'admin';--> statement-breakpoint
-- A session's reach is read with it (src/server/platform/session.ts): a user's regions, their group-wide
-- mark and a location's region change it, so they notify every process's session cache as flags do.
DROP TRIGGER users_sessions_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER DELETE OR UPDATE OF username, email, first_name, last_name, job_code, location_id, account_locked, flags, regions, group_wide ON users
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();--> statement-breakpoint
CREATE TRIGGER locations_sessions_changed AFTER INSERT OR DELETE OR UPDATE OF region ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();
