CREATE TABLE "customer_keys" (
	"kind" varchar(5) NOT NULL,
	"value" text NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "customer_keys_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
CREATE TABLE "customer_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(16) NOT NULL,
	"record_id" bigint NOT NULL,
	"location_id" integer NOT NULL,
	"customer_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"name_key" text DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"by_hand" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"search_keys" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"merged_into" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_keys" ADD CONSTRAINT "customer_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_links" ADD CONSTRAINT "customer_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merged_into_customers_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_keys_customer_idx" ON "customer_keys" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_links_record_key" ON "customer_links" USING btree ("kind","record_id");--> statement-breakpoint
CREATE INDEX "customer_links_customer_kind_idx" ON "customer_links" USING btree ("customer_id","kind","at","id");--> statement-breakpoint
CREATE INDEX "customer_links_customer_idx" ON "customer_links" USING btree ("customer_id","at","id");--> statement-breakpoint
CREATE INDEX "customer_links_at_idx" ON "customer_links" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "customer_links_unlinked_name_idx" ON "customer_links" USING btree ("name_key","at","id") WHERE "customer_links"."customer_id" is null;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id") WHERE "customers"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "customers_seen_idx" ON "customers" USING btree ("last_seen_at","id") WHERE "customers"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "customers_location_seen_idx" ON "customers" USING btree ("location_id","last_seen_at","id") WHERE "customers"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "customers_name_key_idx" ON "customers" USING btree (lower("name")) WHERE "customers"."merged_into" is null;--> statement-breakpoint
CREATE INDEX "customers_merged_idx" ON "customers" USING btree ("merged_into") WHERE "customers"."merged_into" is not null;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin (lower("name" || ' ' || "search_keys") gin_trgm_ops);--> statement-breakpoint
-- Customers (docs/customers.md, decision 036): every record that names a person is linked to a
-- customer by the phone or email it carries, by the triggers below in the transaction that writes it,
-- so the modules that write those records change nothing. A phone is compared in E.164 and an email
-- trimmed and lower-cased; the modules store phones in E.164 already (toE164), `customer_phone` reads
-- the other ways a US number is written for rows written around them (imports, SQL by hand).
CREATE FUNCTION customer_phone(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d ~ '^1?[2-9][0-9]{2}[2-9][0-9]{6}$' AND left(t, 1) <> '+' THEN '+1' || right(d, 10)
    WHEN d ~ '^1[2-9][0-9]{2}[2-9][0-9]{6}$' THEN '+' || d
    WHEN left(t, 1) = '+' AND length(d) BETWEEN 8 AND 15 THEN '+' || d
    ELSE '' END
  FROM (SELECT regexp_replace(coalesce(value, ''), '[^0-9]', '', 'g') AS d, btrim(coalesce(value, '')) AS t) typed
$$;--> statement-breakpoint
CREATE FUNCTION customer_email(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN position('@' IN btrim(coalesce(value, ''))) > 1 THEN lower(btrim(value)) ELSE '' END
$$;--> statement-breakpoint
-- Links one record (kind, id) to the customer with its phone, else the one with its email, else a
-- new customer when it carries either; a record with a name alone is kept unlinked, offered by name on
-- the page of a customer so named. A record linked by hand stays with the customer it was linked to.
CREATE FUNCTION customer_link(k text, rec bigint, loc integer, nm text, ph text, em text, seen timestamptz, line text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p text := customer_phone(ph);
  e text := customer_email(em);
  n text := btrim(regexp_replace(coalesce(nm, ''), '\s+', ' ', 'g'));
  -- An appointment is dated when it is booked for: a customer is not "last seen" in the future.
  c integer;
  hand boolean;
BEGIN
  SELECT customer_id, by_hand INTO c, hand FROM customer_links WHERE kind = k AND record_id = rec;
  IF NOT coalesce(hand, false) THEN
    c := NULL;
    IF p <> '' THEN SELECT customer_id INTO c FROM customer_keys WHERE kind = 'phone' AND value = p; END IF;
    IF c IS NULL AND e <> '' THEN SELECT customer_id INTO c FROM customer_keys WHERE kind = 'email' AND value = e; END IF;
    IF c IS NULL AND (p <> '' OR e <> '') THEN
      INSERT INTO customers (location_id, name, last_seen_at) VALUES (loc, n, least(seen, now())) RETURNING id INTO c;
    END IF;
    IF c IS NOT NULL THEN
      IF p <> '' THEN
        INSERT INTO customer_keys (kind, value, customer_id) VALUES ('phone', p, c) ON CONFLICT DO NOTHING;
        IF FOUND THEN
          UPDATE customers SET search_keys = btrim(search_keys || ' ' || p),
            phone = CASE WHEN phone = '' THEN p ELSE phone END WHERE id = c;
        END IF;
      END IF;
      IF e <> '' THEN
        INSERT INTO customer_keys (kind, value, customer_id) VALUES ('email', e, c) ON CONFLICT DO NOTHING;
        IF FOUND THEN
          UPDATE customers SET search_keys = btrim(search_keys || ' ' || e),
            email = CASE WHEN email = '' THEN e ELSE email END WHERE id = c;
        END IF;
      END IF;
    END IF;
  END IF;
  IF c IS NOT NULL THEN
    UPDATE customers SET name = CASE WHEN name = '' THEN n ELSE name END,
      last_seen_at = greatest(last_seen_at, least(seen, now())), updated_at = now()
    WHERE id = c AND ((name = '' AND n <> '') OR last_seen_at < least(seen, now()));
  END IF;
  INSERT INTO customer_links (kind, record_id, location_id, customer_id, name, name_key, phone, at, summary)
  VALUES (k, rec, loc, c, n, lower(n), p, seen, coalesce(line, ''))
  ON CONFLICT (kind, record_id) DO UPDATE SET location_id = excluded.location_id, customer_id = excluded.customer_id,
    name = excluded.name, name_key = excluded.name_key, phone = excluded.phone, at = excluded.at,
    summary = excluded.summary;
END $$;--> statement-breakpoint
-- What each kind of record says of itself on the customer page, from its row.
CREATE FUNCTION customer_vehicle(model_year integer, make text, model text, series text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(' ', model_year::text, nullif(make, ''), nullif(model, ''), nullif(series, ''))
$$;--> statement-breakpoint
CREATE FUNCTION customer_dollars(cents bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '$' || to_char(cents / 100.0, 'FM999,999,990.00')
$$;--> statement-breakpoint
CREATE FUNCTION customers_appraisal_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('appraisal', NEW.id, NEW.location_id, NEW.customer_name, NEW.phone, NEW.email, NEW.created_at,
    customer_vehicle(NEW.year, NEW.make, NEW.model, NEW."trim") || ' · ' || NEW.status || ' · offer ' || customer_dollars(NEW.offer_cents));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_questionnaire_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('questionnaire', NEW.id, NEW.location_id, NEW.first_name || ' ' || NEW.last_name, NEW.phone,
    NEW.email, NEW.created_at, customer_vehicle(NEW.vehicle_year, NEW.vehicle_make, NEW.vehicle_model, NEW.vehicle_trim));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_quote_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('quote', NEW.id, NEW.location_id, NEW.customer_name, '', '', NEW.created_at,
    customer_vehicle(NEW.year, NEW.make, NEW.model, NEW."trim") || ' · ' || customer_dollars(NEW.total));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_purchase_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('purchase', NEW.id, NEW.location_id, NEW.first_name || ' ' || NEW.last_name, NEW.mobile_phone,
    NEW.email, (NEW.sold_date + time '12:00') AT TIME ZONE 'UTC',
    customer_vehicle(NEW.year, NEW.make, NEW.model, '') || ' · ' || customer_dollars(NEW.price_cents) || ' · ' || NEW.deal_type);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_appointment_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('appointment', NEW.id, NEW.location_id, NEW.customer_name, NEW.phone, '', NEW.scheduled_at,
    concat_ws(' · ', nullif(NEW.vehicle, ''), NEW.status));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_repair_order_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('repairOrder', NEW.id, NEW.location_id, NEW.customer_name, '', '', NEW.created_at,
    concat_ws(' · ', 'RO ' || NEW.id, nullif(NEW.vehicle, ''), left(NEW.services_requested, 80), NEW.status));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_contact_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('contact', NEW.id, NEW.location_id, NEW.first_name || ' ' || NEW.last_name, NEW.mobile_phone,
    NEW.email, NEW.created_at, 'Messenger contact');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_conversation_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_link('conversation', NEW.id, NEW.location_id, NEW.contact_name, NEW.phone, '', NEW.last_message_at,
    'Text conversation');
  RETURN NULL;
END $$;--> statement-breakpoint
-- A record deleted takes its link with it; a table emptied (the scale data's reload), every link of its kind.
CREATE FUNCTION customers_record_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_links WHERE kind = TG_ARGV[0] AND record_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION customers_records_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM customer_links WHERE kind = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER appraisals_customer AFTER INSERT OR UPDATE OF customer_name, phone, email, location_id, year, make, model, "trim", status, offer_cents
  ON appraisals FOR EACH ROW EXECUTE FUNCTION customers_appraisal_link();--> statement-breakpoint
CREATE TRIGGER vehicle_questionnaires_customer AFTER INSERT OR UPDATE OF first_name, last_name, phone, email, location_id
  ON vehicle_questionnaires FOR EACH ROW EXECUTE FUNCTION customers_questionnaire_link();--> statement-breakpoint
CREATE TRIGGER sales_quotes_customer AFTER INSERT OR UPDATE OF customer_name, location_id
  ON sales_quotes FOR EACH ROW EXECUTE FUNCTION customers_quote_link();--> statement-breakpoint
CREATE TRIGGER purchases_customer AFTER INSERT OR UPDATE OF first_name, last_name, mobile_phone, email, location_id
  ON purchases FOR EACH ROW EXECUTE FUNCTION customers_purchase_link();--> statement-breakpoint
CREATE TRIGGER appointments_customer AFTER INSERT OR UPDATE OF customer_name, phone, location_id, vehicle, status
  ON appointments FOR EACH ROW EXECUTE FUNCTION customers_appointment_link();--> statement-breakpoint
CREATE TRIGGER repair_orders_customer AFTER INSERT OR UPDATE OF customer_name, location_id, vehicle, services_requested, status
  ON repair_orders FOR EACH ROW EXECUTE FUNCTION customers_repair_order_link();--> statement-breakpoint
CREATE TRIGGER contacts_customer AFTER INSERT OR UPDATE OF first_name, last_name, mobile_phone, email, location_id
  ON contacts FOR EACH ROW EXECUTE FUNCTION customers_contact_link();--> statement-breakpoint
CREATE TRIGGER conversations_customer AFTER INSERT OR UPDATE OF contact_name, phone, location_id
  ON conversations FOR EACH ROW EXECUTE FUNCTION customers_conversation_link();--> statement-breakpoint
CREATE TRIGGER appraisals_customer_deleted AFTER DELETE ON appraisals FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('appraisal');--> statement-breakpoint
CREATE TRIGGER vehicle_questionnaires_customer_deleted AFTER DELETE ON vehicle_questionnaires FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('questionnaire');--> statement-breakpoint
CREATE TRIGGER sales_quotes_customer_deleted AFTER DELETE ON sales_quotes FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('quote');--> statement-breakpoint
CREATE TRIGGER purchases_customer_deleted AFTER DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('purchase');--> statement-breakpoint
CREATE TRIGGER appointments_customer_deleted AFTER DELETE ON appointments FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('appointment');--> statement-breakpoint
CREATE TRIGGER repair_orders_customer_deleted AFTER DELETE ON repair_orders FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('repairOrder');--> statement-breakpoint
CREATE TRIGGER contacts_customer_deleted AFTER DELETE ON contacts FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('contact');--> statement-breakpoint
CREATE TRIGGER conversations_customer_deleted AFTER DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION customers_record_deleted('conversation');--> statement-breakpoint
CREATE TRIGGER appraisals_customer_truncated AFTER TRUNCATE ON appraisals FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('appraisal');--> statement-breakpoint
CREATE TRIGGER vehicle_questionnaires_customer_truncated AFTER TRUNCATE ON vehicle_questionnaires FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('questionnaire');--> statement-breakpoint
CREATE TRIGGER sales_quotes_customer_truncated AFTER TRUNCATE ON sales_quotes FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('quote');--> statement-breakpoint
CREATE TRIGGER purchases_customer_truncated AFTER TRUNCATE ON purchases FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('purchase');--> statement-breakpoint
CREATE TRIGGER appointments_customer_truncated AFTER TRUNCATE ON appointments FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('appointment');--> statement-breakpoint
CREATE TRIGGER repair_orders_customer_truncated AFTER TRUNCATE ON repair_orders FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('repairOrder');--> statement-breakpoint
CREATE TRIGGER contacts_customer_truncated AFTER TRUNCATE ON contacts FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('contact');--> statement-breakpoint
CREATE TRIGGER conversations_customer_truncated AFTER TRUNCATE ON conversations FOR EACH STATEMENT EXECUTE FUNCTION customers_records_truncated('conversation');--> statement-breakpoint
-- The records already there, oldest first (the first record of a person names their customer and store).
DO $$
BEGIN
  PERFORM customer_link(k, rec, loc, nm, ph, em, seen, line) FROM (
    SELECT 'appraisal' AS k, id::bigint AS rec, location_id AS loc, customer_name AS nm, phone AS ph, email AS em, created_at AS seen,
      customer_vehicle(year, make, model, "trim") || ' · ' || status || ' · offer ' || customer_dollars(offer_cents) AS line FROM appraisals
    UNION ALL SELECT 'questionnaire', id, location_id, first_name || ' ' || last_name, phone, email, created_at,
      customer_vehicle(vehicle_year, vehicle_make, vehicle_model, vehicle_trim) FROM vehicle_questionnaires
    UNION ALL SELECT 'quote', id, location_id, customer_name, '', '', created_at,
      customer_vehicle(year, make, model, "trim") || ' · ' || customer_dollars(total) FROM sales_quotes
    UNION ALL SELECT 'purchase', id, location_id, first_name || ' ' || last_name, mobile_phone, email,
      (sold_date + time '12:00') AT TIME ZONE 'UTC',
      customer_vehicle(year, make, model, '') || ' · ' || customer_dollars(price_cents) || ' · ' || deal_type FROM purchases
    UNION ALL SELECT 'appointment', id, location_id, customer_name, phone, '', scheduled_at,
      concat_ws(' · ', nullif(vehicle, ''), status) FROM appointments
    UNION ALL SELECT 'repairOrder', id, location_id, customer_name, '', '', created_at,
      concat_ws(' · ', 'RO ' || id, nullif(vehicle, ''), left(services_requested, 80), status) FROM repair_orders
    UNION ALL SELECT 'contact', id, location_id, first_name || ' ' || last_name, mobile_phone, email, created_at,
      'Messenger contact' FROM contacts
    UNION ALL SELECT 'conversation', id, location_id, contact_name, phone, '', last_message_at, 'Text conversation'
      FROM conversations
  ) existing ORDER BY seen, k, rec;
END $$;--> statement-breakpoint
ANALYZE customers;--> statement-breakpoint
ANALYZE customer_keys;--> statement-breakpoint
ANALYZE customer_links;
