-- A new customer is written whole at once, its phone, email and search keys with it (decision 036):
-- written first with its name alone and filled in after, each new customer was a row and two
-- updates, each rewriting its words (0045), and a mass text to new numbers (a conversation, so a
-- customer, per number) went at 1,000 texts a second on PostgreSQL instead of 2,650. An existing
-- customer is added to as before.
CREATE OR REPLACE FUNCTION customer_link(k text, rec bigint, loc integer, nm text, ph text, em text, seen timestamptz, line text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  p text := customer_phone(ph);
  e text := customer_email(em);
  n text := btrim(regexp_replace(coalesce(nm, ''), '\s+', ' ', 'g'));
  c integer;
  hand boolean;
  made boolean := false;
BEGIN
  SELECT customer_id, by_hand INTO c, hand FROM customer_links WHERE kind = k AND record_id = rec;
  IF NOT coalesce(hand, false) THEN
    c := NULL;
    IF p <> '' THEN SELECT customer_id INTO c FROM customer_keys WHERE kind = 'phone' AND value = p; END IF;
    IF c IS NULL AND e <> '' THEN SELECT customer_id INTO c FROM customer_keys WHERE kind = 'email' AND value = e; END IF;
    IF c IS NULL AND (p <> '' OR e <> '') THEN
      -- An appointment is dated when it is booked for: a customer is not "last seen" in the future.
      INSERT INTO customers (location_id, name, phone, email, search_keys, last_seen_at)
      VALUES (loc, n, p, e, btrim(p || ' ' || e), least(seen, now())) RETURNING id INTO c;
      made := true;
    END IF;
    IF c IS NOT NULL THEN
      IF p <> '' THEN
        INSERT INTO customer_keys (kind, value, customer_id) VALUES ('phone', p, c) ON CONFLICT DO NOTHING;
        IF FOUND AND NOT made THEN
          UPDATE customers SET search_keys = btrim(search_keys || ' ' || p),
            phone = CASE WHEN phone = '' THEN p ELSE phone END WHERE id = c;
        END IF;
      END IF;
      IF e <> '' THEN
        INSERT INTO customer_keys (kind, value, customer_id) VALUES ('email', e, c) ON CONFLICT DO NOTHING;
        IF FOUND AND NOT made THEN
          UPDATE customers SET search_keys = btrim(search_keys || ' ' || e),
            email = CASE WHEN email = '' THEN e ELSE email END WHERE id = c;
        END IF;
      END IF;
    END IF;
  END IF;
  IF c IS NOT NULL AND NOT made THEN
    UPDATE customers SET name = CASE WHEN name = '' THEN n ELSE name END,
      last_seen_at = greatest(last_seen_at, least(seen, now())), updated_at = now()
    WHERE id = c AND ((name = '' AND n <> '') OR last_seen_at < least(seen, now()));
  END IF;
  INSERT INTO customer_links (kind, record_id, location_id, customer_id, name, name_key, phone, at, summary)
  VALUES (k, rec, loc, c, n, lower(n), p, seen, coalesce(line, ''))
  ON CONFLICT (kind, record_id) DO UPDATE SET location_id = excluded.location_id, customer_id = excluded.customer_id,
    name = excluded.name, name_key = excluded.name_key, phone = excluded.phone, at = excluded.at,
    summary = excluded.summary;
END $$;
