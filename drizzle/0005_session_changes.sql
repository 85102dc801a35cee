-- Each server process keeps the sessions it has read for a few seconds (src/server/platform/session-cache.ts).
-- Anything a session depends on notifies every process when it changes, so signing out, a lock, new flags,
-- a job code's flags or a photo take effect at once everywhere. A session's last-seen touch does not.
CREATE OR REPLACE FUNCTION forecourt_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('forecourt_sessions', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE OF user_id, stage, csrf_token, factor_id ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER DELETE OR UPDATE OF username, email, first_name, last_name, job_code, location_id, account_locked, flags ON users
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();--> statement-breakpoint
CREATE TRIGGER job_codes_sessions_changed AFTER DELETE OR UPDATE OF job_code, flags ON job_codes
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();--> statement-breakpoint
CREATE TRIGGER user_photos_sessions_changed AFTER INSERT OR DELETE OR UPDATE OF user_id ON user_photos
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_sessions_changed();
