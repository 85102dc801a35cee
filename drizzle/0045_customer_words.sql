CREATE TABLE "customer_words" (
	"customer_id" integer NOT NULL,
	"word" text NOT NULL,
	"prior_word" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "customers_search_idx";--> statement-breakpoint
ALTER TABLE "customer_words" ADD CONSTRAINT "customer_words_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_words_customer_word_key" ON "customer_words" USING btree ("customer_id","word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customer_words_seen_idx" ON "customer_words" USING btree ("word" text_pattern_ops,"last_seen_at","customer_id","location_id","prior_word" text_pattern_ops);--> statement-breakpoint
-- The words of a search text, each once, with the word before it in byte order ('' for the first):
-- what a list's word table holds for a record (platform/words.ts splits a typed term the same way).
CREATE FUNCTION search_words(body text) RETURNS TABLE (word text, prior_word text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w, lag(w, 1, '') OVER (ORDER BY w COLLATE "C")
  FROM (SELECT DISTINCT m[1] AS w FROM regexp_matches(body, '(\w+)', 'g') m) found
$$;--> statement-breakpoint
-- What a customer is searched by: the name, every phone and email, and each North American phone's
-- ten digits as people type them.
CREATE FUNCTION customer_words_text(name text, keys text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(name || ' ' || keys)
    || coalesce(' ' || (SELECT string_agg(m[1], ' ') FROM regexp_matches(keys, '\+1(\d{10})', 'g') m), '')
$$;--> statement-breakpoint
-- A customer's words, for a customer not merged away, with the copies the list orders and filters by;
-- a change of those copies alone rewrites them in place.
CREATE FUNCTION customer_words_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.name = OLD.name AND NEW.search_keys = OLD.search_keys
    AND NEW.merged_into IS NOT DISTINCT FROM OLD.merged_into THEN
    IF NEW.last_seen_at <> OLD.last_seen_at OR NEW.location_id <> OLD.location_id THEN
      UPDATE customer_words SET last_seen_at = NEW.last_seen_at, location_id = NEW.location_id WHERE customer_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN DELETE FROM customer_words WHERE customer_id = NEW.id; END IF;
  IF NEW.merged_into IS NULL THEN
    INSERT INTO customer_words (customer_id, word, prior_word, last_seen_at, location_id)
    SELECT NEW.id, w.word, w.prior_word, NEW.last_seen_at, NEW.location_id
    FROM search_words(customer_words_text(NEW.name, NEW.search_keys)) w;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_words AFTER INSERT OR UPDATE OF name, search_keys, last_seen_at, location_id, merged_into
  ON customers FOR EACH ROW EXECUTE FUNCTION customer_words_kept();--> statement-breakpoint
INSERT INTO customer_words (customer_id, word, prior_word, last_seen_at, location_id)
  SELECT c.id, w.word, w.prior_word, c.last_seen_at, c.location_id
  FROM customers c, search_words(customer_words_text(c.name, c.search_keys)) w
  WHERE c.merged_into IS NULL;--> statement-breakpoint
ANALYZE customer_words;
