-- customer_link_all's statements over a whole insert are planned for each call, for the insert they
-- get. PL/pgSQL keeps a statement's plan once five calls have shown it no dearer than a generic one,
-- and a generic plan takes `incoming` for ten rows: after a few small inserts on one connection, an
-- import of 20,000 records read the batch again for each of its records (41 s instead of 9; the full
-- profile's 200,000 appraisals had not loaded in ten minutes). The last step's records, linked one at
-- a time by customer_link, and a single record's insert keep the cached plans: planned per record,
-- they took twice as long.
-- (decision 047, fourth addendum)
CREATE OR REPLACE FUNCTION customer_link_all(k text, incoming customer_incoming[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  r record;
BEGIN
  IF cardinality(incoming) = 1 THEN
    SET LOCAL plan_cache_mode = auto;
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

  -- A record with both keys that no other record here carries, one or both of them a customer's (an
  -- appraisal from someone who texted before): it joins the phone's customer, else the email's, which
  -- takes the key nobody held; each customer then takes its records' new keys in their order, a name
  -- where it had none and the latest visit, as customer_link does one record at a time.
  WITH given AS MATERIALIZED (
    SELECT * FROM customer_incoming_rows(incoming)
  ), both_keys AS (
    SELECT g.*, count(*) OVER (PARTITION BY g.p) AS phones, count(*) OVER (PARTITION BY g.e) AS emails
    FROM given g WHERE g.p <> '' AND g.e <> ''
  ), known AS MATERIALIZED (
    SELECT b.ord, b.rec, b.loc, b.n, b.p, b.e, least(b.seen, now()) AS seen, b.seen AS at, b.line,
      coalesce(kp.customer_id, ke.customer_id) AS c, kp.customer_id IS NULL AS new_phone, ke.customer_id IS NULL AS new_email
    FROM both_keys b
    LEFT JOIN customer_keys kp ON kp.kind = 'phone' AND kp.value = b.p
    LEFT JOIN customer_keys ke ON ke.kind = 'email' AND ke.value = b.e
    WHERE b.phones = 1 AND b.emails = 1 AND (kp.customer_id IS NOT NULL OR ke.customer_id IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM given o WHERE o.key_value = b.p)
      AND NOT EXISTS (SELECT 1 FROM given o WHERE o.key_value = b.e)
      AND NOT EXISTS (SELECT 1 FROM customer_links l WHERE l.kind = k AND l.record_id = b.rec)
  ), added AS (
    SELECT q.c, q.ord, 0 AS nth, 'phone' AS kind, q.p AS value FROM known q WHERE q.new_phone
    UNION ALL SELECT q.c, q.ord, 1, 'email', q.e FROM known q WHERE q.new_email
  ), keyed AS (
    INSERT INTO customer_keys (kind, value, customer_id) SELECT a.kind, a.value, a.c FROM added a ORDER BY a.ord, a.nth
  ), added_per_customer AS (
    SELECT a.c, string_agg(a.value, ' ' ORDER BY a.ord, a.nth) AS keys,
      (array_agg(a.value ORDER BY a.ord) FILTER (WHERE a.kind = 'phone'))[1] AS phone,
      (array_agg(a.value ORDER BY a.ord) FILTER (WHERE a.kind = 'email'))[1] AS email
    FROM added a GROUP BY a.c
  ), per_customer AS (
    SELECT q.c, coalesce((array_agg(q.n ORDER BY q.ord) FILTER (WHERE q.n <> ''))[1], '') AS n, max(q.seen) AS seen,
      a.keys, a.phone, a.email
    FROM known q LEFT JOIN added_per_customer a ON a.c = q.c GROUP BY q.c, a.keys, a.phone, a.email
  ), touched AS (
    UPDATE customers cu SET search_keys = CASE WHEN t.keys IS NULL THEN cu.search_keys ELSE btrim(cu.search_keys || ' ' || t.keys) END,
      phone = CASE WHEN cu.phone = '' AND t.phone IS NOT NULL THEN t.phone ELSE cu.phone END,
      email = CASE WHEN cu.email = '' AND t.email IS NOT NULL THEN t.email ELSE cu.email END,
      name = CASE WHEN cu.name = '' THEN t.n ELSE cu.name END,
      last_seen_at = greatest(cu.last_seen_at, t.seen),
      updated_at = CASE WHEN (cu.name = '' AND t.n <> '') OR cu.last_seen_at < t.seen THEN now() ELSE cu.updated_at END
    FROM per_customer t
    WHERE cu.id = t.c AND (t.keys IS NOT NULL OR (cu.name = '' AND t.n <> '') OR cu.last_seen_at < t.seen)
  )
  INSERT INTO customer_links (kind, record_id, location_id, customer_id, name, name_key, phone, at, summary)
  SELECT k, q.rec, q.loc, q.c, q.n, lower(q.n), q.p, q.at, q.line FROM known q ORDER BY q.ord;

  -- What is left may meet two customers or another record of the insert: one at a time, with the
  -- plans PL/pgSQL keeps (the function's own setting is restored when it returns).
  -- Whether a record is linked already is asked of the unique key, one record at a time: as a NOT
  -- EXISTS in the loop's query it was planned on the links' statistics, and where those predate the
  -- first records of this kind the plan scanned every link of the kind for each record.
  SET LOCAL plan_cache_mode = auto;
  FOR r IN SELECT * FROM customer_incoming_rows(incoming) s WHERE s.p <> '' AND s.e <> '' ORDER BY s.ord
  LOOP
    IF NOT EXISTS (SELECT 1 FROM customer_links l WHERE l.kind = k AND l.record_id = r.rec) THEN
      PERFORM customer_link(k, r.rec, r.loc, r.n, r.p, r.e, r.seen, r.line);
    END IF;
  END LOOP;
END $$;
