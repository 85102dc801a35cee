CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "employees_name_search_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "username" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_search_idx" ON "employees" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "employee_number" || ' ' || "title" || ' ' || "email") gin_trgm_ops);