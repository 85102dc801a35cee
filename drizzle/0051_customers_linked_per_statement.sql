-- Records written many at once are linked to customers in a few statements for the lot (decision 047):
-- linked one row at a time, the demo's 2,360 appointments took 5.3 of the embedded database's 21-second
-- first start, and an import or a seed paid two milliseconds a row. An insert now fires one trigger per
-- statement with the rows it wrote; an update still links its row as before (customer_link).
--
-- What each kind of record tells the customer page, written once per kind: both triggers read it.
CREATE TYPE customer_record AS (loc integer, nm text, ph text, em text, seen timestamptz, line text);--> statement-breakpoint
CREATE FUNCTION customer_record_of(r appraisals) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.customer_name, r.phone, r.email, r.created_at,
    customer_vehicle(r.year, r.make, r.model, r."trim") || ' · ' || r.status || ' · offer ' || customer_dollars(r.offer_cents)
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r vehicle_questionnaires) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.first_name || ' ' || r.last_name, r.phone, r.email, r.created_at,
    customer_vehicle(r.vehicle_year, r.vehicle_make, r.vehicle_model, r.vehicle_trim)
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r sales_quotes) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.customer_name, '', '', r.created_at,
    customer_vehicle(r.year, r.make, r.model, r."trim") || ' · ' || customer_dollars(r.total)
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r purchases) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.first_name || ' ' || r.last_name, r.mobile_phone, r.email,
    (r.sold_date + time '12:00') AT TIME ZONE 'UTC',
    customer_vehicle(r.year, r.make, r.model, '') || ' · ' || customer_dollars(r.price_cents) || ' · ' || r.deal_type
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r appointments) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.customer_name, r.phone, '', r.scheduled_at, concat_ws(' · ', nullif(r.vehicle, ''), r.status)
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r repair_orders) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.customer_name, '', '', r.created_at,
    concat_ws(' · ', 'RO ' || r.id, nullif(r.vehicle, ''), left(r.services_requested, 80), r.status)
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r contacts) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.first_name || ' ' || r.last_name, r.mobile_phone, r.email, r.created_at, 'Messenger contact'
$$;--> statement-breakpoint
CREATE FUNCTION customer_record_of(r conversations) RETURNS customer_record LANGUAGE sql STABLE AS $$
  SELECT r.location_id, r.contact_name, r.phone, '', r.last_message_at, 'Text conversation'
$$;--> statement-breakpoint
-- A bulk send's conversations wait for the job that links them (0049, decision 043).
CREATE FUNCTION customer_links_later(k text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT k = 'conversation' AND current_setting('forecourt.customer_links', true) = 'later'
$$;--> statement-breakpoint
-- An updated record, one row at a time (the kind is the trigger's argument).
CREATE FUNCTION customers_record_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r customer_record := customer_record_of(NEW);
BEGIN
  IF customer_links_later(TG_ARGV[0]) THEN
    INSERT INTO customer_conversations_to_link VALUES (NEW.id) ON CONFLICT DO NOTHING;
  ELSE
    PERFORM customer_link(TG_ARGV[0], NEW.id, r.loc, r.nm, r.ph, r.em, r.seen, r.line);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TYPE customer_incoming AS (rec bigint, loc integer, nm text, ph text, em text, seen timestamptz, line text);--> statement-breakpoint
-- Records as customer_link reads them, in the order written (customer_link_all has folded the names
-- and put the keys as customer_keys holds them), with the one key of a record that has one.
CREATE FUNCTION customer_incoming_rows(incoming customer_incoming[])
RETURNS TABLE (ord bigint, rec bigint, loc integer, n text, p text, e text, seen timestamptz, line text, key_kind text,
  key_value text)
LANGUAGE sql IMMUTABLE AS $$
  SELECT i.ord, i.rec, i.loc, i.nm, i.ph, i.em, i.seen, i.line,
    CASE WHEN i.ph <> '' AND i.em = '' THEN 'phone' WHEN i.em <> '' AND i.ph = '' THEN 'email' END,
    CASE WHEN i.ph <> '' AND i.em = '' THEN i.ph WHEN i.em <> '' AND i.ph = '' THEN i.em END
  FROM unnest(incoming) WITH ORDINALITY i(rec, loc, nm, ph, em, seen, line, ord)
$$;--> statement-breakpoint
-- Links records just written (none linked yet) as customer_link would one after another: a record
-- with one key (a phone or an email) joins the customer holding it, or one new customer per key is
-- made, named and placed by its first record, last seen at its latest; a record with neither is kept
-- unlinked; a record with two keys nobody else has is a new customer. Other records with both keys
-- may meet two customers: those go one at a time, after the rest.
CREATE FUNCTION customer_link_all(k text, incoming customer_incoming[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF cardinality(incoming) = 1 THEN
    PERFORM customer_link(k, i.rec, i.loc, i.nm, i.ph, i.em, i.seen, i.line) FROM unnest(incoming) i;
    RETURN;
  END IF;
  -- Keys and names put as customer_link puts them, once for the statements below.
  incoming := ARRAY(
    SELECT row(i.rec, i.loc, btrim(regexp_replace(coalesce(i.nm, ''), '\s+', ' ', 'g')), customer_phone(i.ph),
      customer_email(i.em), i.seen, coalesce(i.line, ''))::customer_incoming
    FROM unnest(incoming) WITH ORDINALITY i(rec, loc, nm, ph, em, seen, line, ord) ORDER BY i.ord);

  -- A record with both keys that no customer holds and no other record here carries (a new contact
  -- of an import) is a new customer of its own, whenever in the batch it comes.
  WITH given AS MATERIALIZED (
    SELECT * FROM customer_incoming_rows(incoming)
  ), both_keys AS (
    SELECT g.*, count(*) OVER (PARTITION BY g.p) AS phones, count(*) OVER (PARTITION BY g.e) AS emails
    FROM given g WHERE g.p <> '' AND g.e <> ''
  ), one_key AS (
    SELECT DISTINCT g.key_value FROM given g WHERE g.key_value IS NOT NULL
  ), alone AS (
    SELECT b.* FROM both_keys b
    WHERE b.phones = 1 AND b.emails = 1
      AND NOT EXISTS (SELECT 1 FROM one_key o WHERE o.key_value = b.p)
      AND NOT EXISTS (SELECT 1 FROM one_key o WHERE o.key_value = b.e)
      AND NOT EXISTS (SELECT 1 FROM customer_keys c WHERE c.kind = 'phone' AND c.value = b.p)
      AND NOT EXISTS (SELECT 1 FROM customer_keys c WHERE c.kind = 'email' AND c.value = b.e)
  ), made AS (
    INSERT INTO customers (location_id, name, phone, email, search_keys, last_seen_at)
    SELECT a.loc, a.n, a.p, a.e, a.p || ' ' || a.e, least(a.seen, now()) FROM alone a ORDER BY a.ord
    RETURNING id, phone, email
  ), keyed AS (
    INSERT INTO customer_keys (kind, value, customer_id)
    SELECT 'phone', m.phone, m.id FROM made m UNION ALL SELECT 'email', m.email, m.id FROM made m
  )
  INSERT INTO customer_links (kind, record_id, location_id, customer_id, name, name_key, phone, at, summary)
  SELECT k, a.rec, a.loc, m.id, a.n, lower(a.n), a.p, a.seen, a.line FROM alone a JOIN made m ON m.phone = a.p
  ORDER BY a.ord;

  WITH fresh AS (
    SELECT s.key_kind, s.key_value, min(s.ord) AS first,
      (array_agg(s.loc ORDER BY s.ord))[1] AS loc,
      coalesce((array_agg(s.n ORDER BY s.ord) FILTER (WHERE s.n <> ''))[1], '') AS n,
      max(least(s.seen, now())) AS seen
    FROM customer_incoming_rows(incoming) s
    WHERE s.key_kind IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM customer_keys c WHERE c.kind = s.key_kind AND c.value = s.key_value)
    GROUP BY s.key_kind, s.key_value
  ), made AS (
    INSERT INTO customers (location_id, name, phone, email, search_keys, last_seen_at)
    SELECT f.loc, f.n, CASE WHEN f.key_kind = 'phone' THEN f.key_value ELSE '' END,
      CASE WHEN f.key_kind = 'email' THEN f.key_value ELSE '' END, f.key_value, f.seen
    FROM fresh f ORDER BY f.first
    RETURNING id, phone, email
  )
  INSERT INTO customer_keys (kind, value, customer_id)
  SELECT CASE WHEN phone <> '' THEN 'phone' ELSE 'email' END, phone || email, id FROM made;

  -- Customers there before: a name where they had none, and the latest visit.
  UPDATE customers c SET name = CASE WHEN c.name = '' THEN t.n ELSE c.name END,
    last_seen_at = greatest(c.last_seen_at, t.seen), updated_at = now()
  FROM (
    SELECT ck.customer_id, coalesce((array_agg(s.n ORDER BY s.ord) FILTER (WHERE s.n <> ''))[1], '') AS n,
      max(least(s.seen, now())) AS seen
    FROM customer_incoming_rows(incoming) s
    JOIN customer_keys ck ON ck.kind = s.key_kind AND ck.value = s.key_value
    GROUP BY ck.customer_id
  ) t
  WHERE c.id = t.customer_id AND ((c.name = '' AND t.n <> '') OR c.last_seen_at < t.seen);

  INSERT INTO customer_links (kind, record_id, location_id, customer_id, name, name_key, phone, at, summary)
  SELECT k, s.rec, s.loc, ck.customer_id, s.n, lower(s.n), s.p, s.seen, s.line
  FROM customer_incoming_rows(incoming) s
  LEFT JOIN customer_keys ck ON ck.kind = s.key_kind AND ck.value = s.key_value
  WHERE s.p = '' OR s.e = ''
  ORDER BY s.ord
  ON CONFLICT (kind, record_id) DO UPDATE SET location_id = excluded.location_id, customer_id = excluded.customer_id,
    name = excluded.name, name_key = excluded.name_key, phone = excluded.phone, at = excluded.at,
    summary = excluded.summary;

  FOR r IN SELECT * FROM customer_incoming_rows(incoming) s WHERE s.p <> '' AND s.e <> ''
    AND NOT EXISTS (SELECT 1 FROM customer_links l WHERE l.kind = k AND l.record_id = s.rec) ORDER BY s.ord
  LOOP
    PERFORM customer_link(k, r.rec, r.loc, r.n, r.p, r.e, r.seen, r.line);
  END LOOP;
END $$;--> statement-breakpoint
-- The records an insert wrote (the kind is the trigger's argument, the rows its transition table).
CREATE FUNCTION customers_records_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  incoming customer_incoming[];
BEGIN
  IF customer_links_later(TG_ARGV[0]) THEN
    INSERT INTO customer_conversations_to_link SELECT id FROM new_rows ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  EXECUTE format('SELECT array_agg(row(n.id, r.loc, r.nm, r.ph, r.em, r.seen, r.line)::customer_incoming)
    FROM new_rows n, customer_record_of(n::%I) r', TG_TABLE_NAME) INTO incoming;
  IF incoming IS NOT NULL THEN PERFORM customer_link_all(TG_ARGV[0], incoming); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER appraisals_customer ON appraisals;--> statement-breakpoint
DROP TRIGGER vehicle_questionnaires_customer ON vehicle_questionnaires;--> statement-breakpoint
DROP TRIGGER sales_quotes_customer ON sales_quotes;--> statement-breakpoint
DROP TRIGGER purchases_customer ON purchases;--> statement-breakpoint
DROP TRIGGER appointments_customer ON appointments;--> statement-breakpoint
DROP TRIGGER repair_orders_customer ON repair_orders;--> statement-breakpoint
DROP TRIGGER contacts_customer ON contacts;--> statement-breakpoint
DROP TRIGGER conversations_customer ON conversations;--> statement-breakpoint
DROP FUNCTION customers_appraisal_link();--> statement-breakpoint
DROP FUNCTION customers_questionnaire_link();--> statement-breakpoint
DROP FUNCTION customers_quote_link();--> statement-breakpoint
DROP FUNCTION customers_purchase_link();--> statement-breakpoint
DROP FUNCTION customers_appointment_link();--> statement-breakpoint
DROP FUNCTION customers_repair_order_link();--> statement-breakpoint
DROP FUNCTION customers_contact_link();--> statement-breakpoint
DROP FUNCTION customers_conversation_link();--> statement-breakpoint
CREATE TRIGGER appraisals_customer AFTER UPDATE OF customer_name, phone, email, location_id, year, make, model, "trim", status, offer_cents
  ON appraisals FOR EACH ROW EXECUTE FUNCTION customers_record_link('appraisal');--> statement-breakpoint
CREATE TRIGGER vehicle_questionnaires_customer AFTER UPDATE OF first_name, last_name, phone, email, location_id
  ON vehicle_questionnaires FOR EACH ROW EXECUTE FUNCTION customers_record_link('questionnaire');--> statement-breakpoint
CREATE TRIGGER sales_quotes_customer AFTER UPDATE OF customer_name, location_id
  ON sales_quotes FOR EACH ROW EXECUTE FUNCTION customers_record_link('quote');--> statement-breakpoint
CREATE TRIGGER purchases_customer AFTER UPDATE OF first_name, last_name, mobile_phone, email, location_id
  ON purchases FOR EACH ROW EXECUTE FUNCTION customers_record_link('purchase');--> statement-breakpoint
CREATE TRIGGER appointments_customer AFTER UPDATE OF customer_name, phone, location_id, vehicle, status
  ON appointments FOR EACH ROW EXECUTE FUNCTION customers_record_link('appointment');--> statement-breakpoint
CREATE TRIGGER repair_orders_customer AFTER UPDATE OF customer_name, location_id, vehicle, services_requested, status
  ON repair_orders FOR EACH ROW EXECUTE FUNCTION customers_record_link('repairOrder');--> statement-breakpoint
CREATE TRIGGER contacts_customer AFTER UPDATE OF first_name, last_name, mobile_phone, email, location_id
  ON contacts FOR EACH ROW EXECUTE FUNCTION customers_record_link('contact');--> statement-breakpoint
CREATE TRIGGER conversations_customer AFTER UPDATE OF contact_name, phone, location_id
  ON conversations FOR EACH ROW EXECUTE FUNCTION customers_record_link('conversation');--> statement-breakpoint
CREATE TRIGGER appraisals_customer_inserted AFTER INSERT ON appraisals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('appraisal');--> statement-breakpoint
CREATE TRIGGER vehicle_questionnaires_customer_inserted AFTER INSERT ON vehicle_questionnaires REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('questionnaire');--> statement-breakpoint
CREATE TRIGGER sales_quotes_customer_inserted AFTER INSERT ON sales_quotes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('quote');--> statement-breakpoint
CREATE TRIGGER purchases_customer_inserted AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('purchase');--> statement-breakpoint
CREATE TRIGGER appointments_customer_inserted AFTER INSERT ON appointments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('appointment');--> statement-breakpoint
CREATE TRIGGER repair_orders_customer_inserted AFTER INSERT ON repair_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('repairOrder');--> statement-breakpoint
CREATE TRIGGER contacts_customer_inserted AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('contact');--> statement-breakpoint
CREATE TRIGGER conversations_customer_inserted AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_records_inserted('conversation');--> statement-breakpoint
-- A customer's words: those of new customers in one statement; a changed customer's as before (0045).
CREATE FUNCTION customer_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_words (customer_id, word, prior_word, last_seen_at, location_id)
  SELECT n.id, w.word, w.prior_word, n.last_seen_at, n.location_id
  FROM new_rows n, search_words(customer_words_text(n.name, n.search_keys)) w
  WHERE n.merged_into IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER customers_words ON customers;--> statement-breakpoint
CREATE TRIGGER customers_words AFTER UPDATE OF name, search_keys, last_seen_at, location_id, merged_into
  ON customers FOR EACH ROW EXECUTE FUNCTION customer_words_kept();--> statement-breakpoint
CREATE TRIGGER customers_words_inserted AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_words_inserted();
