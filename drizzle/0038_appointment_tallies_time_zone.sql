-- hand-written: a store's time zone change recounts its tallies (docs/service.md, docs/appraisals.md).
-- The tallies put each appointment, recall text and appraisal on a day of its store's clock, read when
-- it is counted; a store that changed zone kept its old days. A change of a store's time_zone now
-- takes the store's counts out (its own rows, and their share of the group's rows, location 0) and
-- counts its rows again on the new clock, in the same transaction.
-- The forecourt_count_* functions count given rows exactly as the triggers of 0021 and 0029 count a
-- statement's: the same statement, copied, because a trigger's transition tables (new_rows, old_rows)
-- are visible to the trigger function only, not to a function it calls. A change to how a trigger
-- counts changes its forecourt_count_* too (service.test.ts compares the tallies after a recount).
CREATE OR REPLACE FUNCTION forecourt_count_appointments(changed text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    booked as (
      select c.location_id, c.source_id, c.service_ids, c.recall_campaign_id, c.status, c.sign, b.day, date_trunc('month', b.day)::date as month,
        (c.scheduled_at at time zone z.zone)::date - b.day as days_out
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select coalesce(l.time_zone, 'America/Denver') as zone) z
      cross join lateral (select (c.created_at at time zone z.zone)::date as day) b
    ),
    keyed as (
      select b.*, k.kind, k.key_id from booked b
      cross join lateral (
        select 'location' as kind, 0 as key_id
        union all select 'source', b.source_id
        union all select 'service', s from unnest(b.service_ids) s
        union all select 'campaign', b.recall_campaign_id where b.recall_campaign_id is not null
      ) k
    )
    insert into appointment_tallies as t (kind, grain, period, location_id, key_id, appointments, completed, no_shows, canceled, recall,
      days_out, same_day, days_1_2, days_3_7, days_8_14, days_15_plus)
    -- One pass, four sums: per store and day, store and month, group and day, group and month.
    select kind, case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), coalesce(location_id, 0), key_id,
      sum(sign),
      coalesce(sum(sign) filter (where status = 'completed'), 0),
      coalesce(sum(sign) filter (where status = 'no-show'), 0),
      coalesce(sum(sign) filter (where status = 'canceled'), 0),
      coalesce(sum(sign) filter (where recall_campaign_id is not null), 0),
      sum(sign * greatest(days_out, 0)),
      coalesce(sum(sign) filter (where days_out <= 0), 0),
      coalesce(sum(sign) filter (where days_out between 1 and 2), 0),
      coalesce(sum(sign) filter (where days_out between 3 and 7), 0),
      coalesce(sum(sign) filter (where days_out between 8 and 14), 0),
      coalesce(sum(sign) filter (where days_out >= 15), 0)
    from keyed
    group by grouping sets ((kind, key_id, location_id, day), (kind, key_id, location_id, month), (kind, key_id, day), (kind, key_id, month))
    on conflict (kind, grain, period, location_id, key_id) do update set
      appointments = t.appointments + excluded.appointments, completed = t.completed + excluded.completed,
      no_shows = t.no_shows + excluded.no_shows, canceled = t.canceled + excluded.canceled, recall = t.recall + excluded.recall,
      days_out = t.days_out + excluded.days_out, same_day = t.same_day + excluded.same_day, days_1_2 = t.days_1_2 + excluded.days_1_2,
      days_3_7 = t.days_3_7 + excluded.days_3_7, days_8_14 = t.days_8_14 + excluded.days_8_14, days_15_plus = t.days_15_plus + excluded.days_15_plus
  $q$, changed);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_count_recall_messages(changed text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    with changed as (%s),
    sent as (
      select c.location_id, c.campaign_id, c.sign, b.day, date_trunc('month', b.day)::date as month
      from changed c
      left join locations l on l.id = c.location_id
      cross join lateral (select (c.sent_at at time zone coalesce(l.time_zone, 'America/Denver'))::date as day) b
    )
    insert into appointment_tallies as t (kind, grain, period, location_id, key_id, messages)
    select 'campaign', case when grouping(day) = 0 then 'd' else 'm' end, coalesce(day, month), coalesce(location_id, 0), campaign_id, sum(sign)
    from sent
    group by grouping sets ((campaign_id, location_id, day), (campaign_id, location_id, month), (campaign_id, day), (campaign_id, month))
    on conflict (kind, grain, period, location_id, key_id) do update set messages = t.messages + excluded.messages
  $q$, changed);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_count_appraisals(changed text) RETURNS void LANGUAGE plpgsql AS $$
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
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION forecourt_retally_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The group's rows lose the store's share, then the store's rows go.
  UPDATE appointment_tallies g SET
    appointments = g.appointments - s.appointments, completed = g.completed - s.completed, no_shows = g.no_shows - s.no_shows,
    canceled = g.canceled - s.canceled, recall = g.recall - s.recall, days_out = g.days_out - s.days_out,
    same_day = g.same_day - s.same_day, days_1_2 = g.days_1_2 - s.days_1_2, days_3_7 = g.days_3_7 - s.days_3_7,
    days_8_14 = g.days_8_14 - s.days_8_14, days_15_plus = g.days_15_plus - s.days_15_plus, messages = g.messages - s.messages
  FROM appointment_tallies s
  WHERE s.location_id = NEW.id AND g.location_id = 0
    AND g.kind = s.kind AND g.grain = s.grain AND g.period = s.period AND g.key_id = s.key_id;
  DELETE FROM appointment_tallies WHERE location_id = NEW.id;
  DELETE FROM appraisal_tallies WHERE location_id = NEW.id;
  -- Counted again on the store's new clock.
  PERFORM forecourt_count_appointments(format('select a.*, 1 as sign from appointments a where a.location_id = %s', NEW.id));
  PERFORM forecourt_count_recall_messages(format('select r.*, 1 as sign from recall_messages r where r.location_id = %s', NEW.id));
  PERFORM forecourt_count_appraisals(format('select a.*, 1 as sign from appraisals a where a.location_id = %s', NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER locations_time_zone_retally AFTER UPDATE OF time_zone ON locations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION forecourt_retally_location();
