CREATE TABLE "seo_page_days" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "seo_page_days_day_location_id_pk" PRIMARY KEY("day","location_id")
);
--> statement-breakpoint
-- hand-written: the planner's pages per store and day of the group's clock (src/modules/seo/seo.db.ts).
-- Every statement that adds, moves or removes pages adds its new rows (+1) and takes away its old ones
-- (-1), grouped, in the statement's own transaction; a change that moves no page between days or
-- stores writes nothing. A day whose pages all went keeps its row at 0.
CREATE OR REPLACE FUNCTION forecourt_tally_seo_pages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    with changed as (%s)
    insert into seo_page_days as t (day, location_id, pages)
    select (c.created_at at time zone 'America/Denver')::date, c.location_id, sum(c.sign)
    from changed c
    group by 1, 2
    having sum(c.sign) <> 0
    order by 1, 2
    on conflict (day, location_id) do update set pages = t.pages + excluded.pages
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_tally_seo_pages_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM seo_page_days;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER seo_pages_tally_insert AFTER INSERT ON seo_pages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_seo_pages();--> statement-breakpoint
CREATE TRIGGER seo_pages_tally_update AFTER UPDATE ON seo_pages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_seo_pages();--> statement-breakpoint
CREATE TRIGGER seo_pages_tally_delete AFTER DELETE ON seo_pages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_seo_pages();--> statement-breakpoint
CREATE TRIGGER seo_pages_tally_truncate AFTER TRUNCATE ON seo_pages
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_tally_seo_pages_truncated();--> statement-breakpoint
INSERT INTO seo_page_days (day, location_id, pages)
SELECT (created_at at time zone 'America/Denver')::date, location_id, count(*) FROM seo_pages GROUP BY 1, 2;
