CREATE INDEX "appraisal_tallies_store_idx" ON "appraisal_tallies" USING btree ("location_id","source","grain","period","appraisals","new","offered","accepted","declined","purchased","expired","offers","offer_cents");--> statement-breakpoint
CREATE INDEX "appraisal_tallies_period_idx" ON "appraisal_tallies" USING btree ("source","grain","period","location_id","appraisals","offers");--> statement-breakpoint
CREATE INDEX "appraisals_working_source_created_idx" ON "appraisals" USING btree ("working_status","source","created_at","id");--> statement-breakpoint
-- hand-written: the appraisal tallies also keep every source together (source ''), the rows a screen
-- without a source filter reads: a fourth of the rows to sum. The trigger's grouping sets gain the
-- two without the source; the rows already kept get theirs from the sources' rows.
CREATE OR REPLACE FUNCTION forecourt_tally_appraisals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := forecourt_changed_rows(TG_OP);
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    dated as (
      select c.location_id, c.source, c.status, c.offer_cents, c.sign, b.day, date_trunc('month', b.day)::date as month
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select (c.created_at at time zone coalesce(l.time_zone, 'America/Denver'))::date as day) b
    )
    insert into appraisal_tallies as t (location_id, grain, period, source, appraisals, new, offered, accepted, declined, purchased, expired, offers, offer_cents)
    select location_id, case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), case when grouping(source) = 0 then source else '' end,
      sum(sign),
      coalesce(sum(sign) filter (where status = 'new'), 0),
      coalesce(sum(sign) filter (where status = 'offered'), 0),
      coalesce(sum(sign) filter (where status = 'accepted'), 0),
      coalesce(sum(sign) filter (where status = 'declined'), 0),
      coalesce(sum(sign) filter (where status = 'purchased'), 0),
      coalesce(sum(sign) filter (where status = 'expired'), 0),
      coalesce(sum(sign) filter (where status <> 'new'), 0),
      coalesce(sum(sign * offer_cents::bigint) filter (where status <> 'new'), 0)
    from dated
    group by grouping sets ((location_id, source, day), (location_id, source, month), (location_id, day), (location_id, month))
    having sum(sign) <> 0
      or coalesce(sum(sign) filter (where status = 'new'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'offered'), 0) <> 0
      or coalesce(sum(sign) filter (where status = 'accepted'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'declined'), 0) <> 0
      or coalesce(sum(sign) filter (where status = 'purchased'), 0) <> 0 or coalesce(sum(sign) filter (where status = 'expired'), 0) <> 0
      or coalesce(sum(sign * offer_cents::bigint) filter (where status <> 'new'), 0) <> 0
    on conflict (location_id, grain, period, source) do update set
      appraisals = t.appraisals + excluded.appraisals, new = t.new + excluded.new, offered = t.offered + excluded.offered,
      accepted = t.accepted + excluded.accepted, declined = t.declined + excluded.declined, purchased = t.purchased + excluded.purchased,
      expired = t.expired + excluded.expired, offers = t.offers + excluded.offers, offer_cents = t.offer_cents + excluded.offer_cents
  $q$, changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO appraisal_tallies (location_id, grain, period, source, appraisals, new, offered, accepted, declined, purchased, expired, offers, offer_cents)
  SELECT location_id, grain, period, '', sum(appraisals)::int, sum(new)::int, sum(offered)::int, sum(accepted)::int, sum(declined)::int,
    sum(purchased)::int, sum(expired)::int, sum(offers)::int, sum(offer_cents)::bigint
  FROM appraisal_tallies WHERE source <> '' GROUP BY location_id, grain, period
  ON CONFLICT (location_id, grain, period, source) DO NOTHING;
