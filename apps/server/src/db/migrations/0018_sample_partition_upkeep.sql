-- Upkeep of telemetry_samples' monthly partitions (0003), run by the jobs role at start-up and daily
-- (lib/sample-partitions.ts). A month is a UTC calendar month, its partition telemetry_samples_YYYY_MM.
--
-- A month's partition is created with its rows: PostgreSQL refuses to create a partition while the default
-- partition holds rows of its range, and samples land there whenever their month was not prepared (a
-- server stopped for months, a device with a wrong clock). Under a lock that holds writers back, the new
-- table is filled from the default partition by one statement that deletes there what it inserts here, and
-- then attached: no sample is lost or stored twice, whatever ingest writes meanwhile. A writer queued behind
-- the lock routes its row after the attach, into the new partition. lock_timeout bounds how long writers
-- queue behind this while it waits for a long reader: the upkeep then fails, is logged and runs again.
-- Partitions made by 0003 took their bounds in the session's time zone: a new month starts where its
-- neighbour ends (and ends where the next begins) when that is within a day of the UTC bound, so months
-- neither overlap nor leave hours to the default partition on a server that is not on UTC.
CREATE OR REPLACE FUNCTION sample_partition_bounds() RETURNS TABLE (name text, lower timestamptz, upper timestamptz) AS $$
  SELECT c.relname::text,
    (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\)'))[1]::timestamptz,
    (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''([^'']+)''\)'))[1]::timestamptz
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
  WHERE i.inhparent = 'telemetry_samples'::regclass AND c.relname <> 'telemetry_samples_default'
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION create_sample_partition(month date) RETURNS bigint AS $$
DECLARE
  first timestamp := date_trunc('month', month::timestamp);
  lo timestamptz := first AT TIME ZONE 'UTC';
  hi timestamptz := (first + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'telemetry_samples_' || to_char(first, 'YYYY_MM');
  moved bigint;
  neighbour timestamptz;
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('lock_timeout', '10s', true);
  LOCK TABLE telemetry_samples IN ACCESS EXCLUSIVE MODE;
  -- Another jobs process may have created it while this one waited.
  IF to_regclass(name) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  SELECT max(b.upper) INTO neighbour FROM sample_partition_bounds() b
    WHERE b.upper BETWEEN lo - interval '1 day' AND lo + interval '1 day';
  lo := coalesce(neighbour, lo);
  SELECT min(b.lower) INTO neighbour FROM sample_partition_bounds() b
    WHERE b.lower BETWEEN hi - interval '1 day' AND hi + interval '1 day';
  hi := coalesce(neighbour, hi);
  EXECUTE format('CREATE TABLE %I (LIKE telemetry_samples INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  EXECUTE format(
    'WITH gone AS (DELETE FROM telemetry_samples_default WHERE ts >= %L AND ts < %L RETURNING *) '
    'INSERT INTO %I SELECT * FROM gone', lo, hi, name);
  GET DIAGNOSTICS moved = ROW_COUNT;
  -- The attach builds the primary key's index on the new table and checks both tables' rows.
  EXECUTE format('ALTER TABLE telemetry_samples ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, lo, hi);
  RETURN moved;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_sample_partitions(from_month date, months integer) RETURNS void AS $$
BEGIN
  FOR i IN 0..months - 1 LOOP
    PERFORM create_sample_partition((from_month + make_interval(months => i))::date);
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Raw samples expire by whole months: a partition goes once its upper bound is at or before `before`
-- (never a DELETE of rows). The roll-ups are other tables and stay. Returns the partitions dropped.
CREATE OR REPLACE FUNCTION drop_expired_sample_partitions(before timestamptz) RETURNS SETOF text AS $$
DECLARE
  p record;
BEGIN
  PERFORM set_config('lock_timeout', '10s', true);
  FOR p IN SELECT b.name FROM sample_partition_bounds() b WHERE b.upper <= before ORDER BY 1 LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', p.name);
    RETURN NEXT p.name;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
