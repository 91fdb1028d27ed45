-- Monthly partitions of telemetry_samples. A month's partition is created ahead of time by
-- ensure_sample_partitions() (called at start-up and daily); the default partition only catches
-- samples far outside the prepared range, so nothing is ever refused for want of a partition.
CREATE OR REPLACE FUNCTION ensure_sample_partitions(from_month date, months integer) RETURNS void AS $$
DECLARE
  m date;
  name text;
BEGIN
  FOR i IN 0..months - 1 LOOP
    m := (date_trunc('month', from_month) + make_interval(months => i))::date;
    name := 'telemetry_samples_' || to_char(m, 'YYYY_MM');
    IF to_regclass(name) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF telemetry_samples FOR VALUES FROM (%L) TO (%L)',
        name, m::timestamptz, (m + interval '1 month')::timestamptz);
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS telemetry_samples_default PARTITION OF telemetry_samples DEFAULT;
--> statement-breakpoint
SELECT ensure_sample_partitions((date_trunc('month', now()) - interval '13 months')::date, 16);
