CREATE TABLE "contact_tallies" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"phones" integer DEFAULT 0 NOT NULL,
	"opted_out" integer DEFAULT 0 NOT NULL,
	"emails" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_group_members" DROP CONSTRAINT "notification_group_members_kind_check";--> statement-breakpoint
ALTER TABLE "notification_group_members" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "contact_tallies" ADD CONSTRAINT "contact_tallies_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_group_members" ADD CONSTRAINT "notification_group_members_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_location_created_idx" ON "contacts" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_group_members_contact_key" ON "notification_group_members" USING btree ("group_id","contact_id") WHERE "notification_group_members"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_group_members_contact_idx" ON "notification_group_members" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "notification_group_members" ADD CONSTRAINT "notification_group_members_kind_check" CHECK (("notification_group_members"."kind" = 'user' and "notification_group_members"."user_id" is not null and "notification_group_members"."contact_id" is null) or ("notification_group_members"."kind" = 'contact' and "notification_group_members"."contact_id" is not null and "notification_group_members"."user_id" is null));--> statement-breakpoint
-- Hand-written: the contact tallies of the mailing-list report (docs/marketing.md), kept by statement-level
-- triggers on contacts and opt_outs, and filled from the contacts already there.
-- A contact and an opt-out of its number written at the same time would each miss the other (neither sees the
-- other's uncommitted row), so opt-out writes take advisory lock 72010023 exclusively and contact writes share
-- it: contact writes never wait for each other, and each trigger reads after the other side has committed.
CREATE OR REPLACE FUNCTION forecourt_contact_tallies_from_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(72010023);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_tallies AS t (location_id, contacts, phones, opted_out, emails, sold)
    SELECT n.location_id, count(*), count(n.mobile_phone), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM opt_outs o WHERE o.phone_number = n.mobile_phone)),
      count(*) FILTER (WHERE n.email <> ''), count(*) FILTER (WHERE n.sold)
    FROM new_rows n GROUP BY n.location_id
    ON CONFLICT (location_id) DO UPDATE SET contacts = t.contacts + excluded.contacts, phones = t.phones + excluded.phones,
      opted_out = t.opted_out + excluded.opted_out, emails = t.emails + excluded.emails, sold = t.sold + excluded.sold;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contact_tallies t SET contacts = t.contacts - d.contacts, phones = t.phones - d.phones, opted_out = t.opted_out - d.opted_out,
      emails = t.emails - d.emails, sold = t.sold - d.sold
    FROM (
      SELECT o.location_id, count(*) AS contacts, count(o.mobile_phone) AS phones,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM opt_outs x WHERE x.phone_number = o.mobile_phone)) AS opted_out,
        count(*) FILTER (WHERE o.email <> '') AS emails, count(*) FILTER (WHERE o.sold) AS sold
      FROM old_rows o GROUP BY o.location_id
    ) d WHERE t.location_id = d.location_id;
  ELSE
    -- An update: what the new rows hold less what the old ones held, by store; a change that moves no count
    -- (a name, autopilot) writes nothing.
    INSERT INTO contact_tallies AS t (location_id, contacts, phones, opted_out, emails, sold)
    SELECT location_id, sum(side), sum(side * has_phone), sum(side * opted), sum(side * has_email), sum(side * bought)
    FROM (
      SELECT n.location_id, 1 AS side, (n.mobile_phone IS NOT NULL)::int AS has_phone,
        (EXISTS (SELECT 1 FROM opt_outs x WHERE x.phone_number = n.mobile_phone))::int AS opted, (n.email <> '')::int AS has_email, n.sold::int AS bought
      FROM new_rows n
      UNION ALL
      SELECT o.location_id, -1, (o.mobile_phone IS NOT NULL)::int,
        (EXISTS (SELECT 1 FROM opt_outs x WHERE x.phone_number = o.mobile_phone))::int, (o.email <> '')::int, o.sold::int
      FROM old_rows o
    ) d GROUP BY location_id
    HAVING sum(side) <> 0 OR sum(side * has_phone) <> 0 OR sum(side * opted) <> 0 OR sum(side * has_email) <> 0 OR sum(side * bought) <> 0
    ON CONFLICT (location_id) DO UPDATE SET contacts = t.contacts + excluded.contacts, phones = t.phones + excluded.phones,
      opted_out = t.opted_out + excluded.opted_out, emails = t.emails + excluded.emails, sold = t.sold + excluded.sold;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_contact_tallies_contacts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_tallies;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contacts_tallies_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_tallies_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_tallies_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_contacts();--> statement-breakpoint
CREATE TRIGGER contacts_tallies_truncate AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_contacts_truncated();--> statement-breakpoint
-- A number opted out (or back in) moves each store's contacts with that number out of (or into) who a text reaches.
CREATE OR REPLACE FUNCTION forecourt_contact_tallies_from_opt_outs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(72010023);
  IF TG_OP = 'INSERT' THEN
    UPDATE contact_tallies t SET opted_out = t.opted_out + d.n
    FROM (SELECT c.location_id, count(*) AS n FROM new_rows r JOIN contacts c ON c.mobile_phone = r.phone_number GROUP BY c.location_id) d
    WHERE t.location_id = d.location_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contact_tallies t SET opted_out = t.opted_out - d.n
    FROM (SELECT c.location_id, count(*) AS n FROM old_rows r JOIN contacts c ON c.mobile_phone = r.phone_number GROUP BY c.location_id) d
    WHERE t.location_id = d.location_id;
  ELSE
    -- Only a changed number moves a count (a keyword or source changed writes nothing).
    UPDATE contact_tallies t SET opted_out = t.opted_out + d.n
    FROM (
      SELECT c.location_id, sum(r.side) AS n
      FROM (SELECT phone_number, 1 AS side FROM new_rows UNION ALL SELECT phone_number, -1 FROM old_rows) r
      JOIN contacts c ON c.mobile_phone = r.phone_number GROUP BY c.location_id HAVING sum(r.side) <> 0
    ) d WHERE t.location_id = d.location_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_contact_tallies_opt_outs_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_tallies SET opted_out = 0 WHERE opted_out <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opt_outs_tallies_insert AFTER INSERT ON opt_outs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_opt_outs();--> statement-breakpoint
CREATE TRIGGER opt_outs_tallies_update AFTER UPDATE ON opt_outs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_opt_outs();--> statement-breakpoint
CREATE TRIGGER opt_outs_tallies_delete AFTER DELETE ON opt_outs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_from_opt_outs();--> statement-breakpoint
CREATE TRIGGER opt_outs_tallies_truncate AFTER TRUNCATE ON opt_outs
  FOR EACH STATEMENT EXECUTE FUNCTION forecourt_contact_tallies_opt_outs_truncated();--> statement-breakpoint
-- The contacts recorded before this migration.
INSERT INTO contact_tallies (location_id, contacts, phones, opted_out, emails, sold)
SELECT c.location_id, count(*), count(c.mobile_phone), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM opt_outs o WHERE o.phone_number = c.mobile_phone)),
  count(*) FILTER (WHERE c.email <> ''), count(*) FILTER (WHERE c.sold)
FROM contacts c GROUP BY c.location_id;
