ALTER TABLE "lane_deliveries" ADD COLUMN "lead_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lane_quotes" ADD COLUMN "lead_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The lead's searchable text, as the lead list searches it, kept on its delivery and its quotes: a
-- search of deliveries or quotes reads their own rows in their own order (docs/clicklane.md).
CREATE FUNCTION lane_lead_search(lead integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT customer_name || ' ' || email || ' ' || phone || ' ' || vehicle_wanted FROM lane_leads WHERE id = lead
$$;--> statement-breakpoint
CREATE FUNCTION lane_lead_search_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.lead_search := coalesce(lane_lead_search(NEW.lead_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER lane_deliveries_lead_search BEFORE INSERT OR UPDATE OF lead_id ON lane_deliveries
  FOR EACH ROW EXECUTE FUNCTION lane_lead_search_set();--> statement-breakpoint
CREATE TRIGGER lane_quotes_lead_search BEFORE INSERT OR UPDATE OF lead_id ON lane_quotes
  FOR EACH ROW EXECUTE FUNCTION lane_lead_search_set();--> statement-breakpoint
CREATE FUNCTION lane_lead_search_spread() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found text := NEW.customer_name || ' ' || NEW.email || ' ' || NEW.phone || ' ' || NEW.vehicle_wanted;
BEGIN
  UPDATE lane_deliveries SET lead_search = found WHERE lead_id = NEW.id AND lead_search IS DISTINCT FROM found;
  UPDATE lane_quotes SET lead_search = found WHERE lead_id = NEW.id AND lead_search IS DISTINCT FROM found;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lane_leads_search_spread AFTER UPDATE OF customer_name, email, phone, vehicle_wanted ON lane_leads
  FOR EACH ROW EXECUTE FUNCTION lane_lead_search_spread();--> statement-breakpoint
UPDATE lane_deliveries d SET lead_search = l.customer_name || ' ' || l.email || ' ' || l.phone || ' ' || l.vehicle_wanted
  FROM lane_leads l WHERE l.id = d.lead_id;--> statement-breakpoint
UPDATE lane_quotes q SET lead_search = l.customer_name || ' ' || l.email || ' ' || l.phone || ' ' || l.vehicle_wanted
  FROM lane_leads l WHERE l.id = q.lead_id;--> statement-breakpoint
CREATE INDEX "lane_deliveries_search_idx" ON "lane_deliveries" USING gin (lower("lead_search") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lane_quotes_search_idx" ON "lane_quotes" USING gin (lower("lead_search") gin_trgm_ops);
--> statement-breakpoint
-- Statistics for the new expression at once: a search's plan and its estimated count read them.
ANALYZE lane_deliveries;--> statement-breakpoint
ANALYZE lane_quotes;
