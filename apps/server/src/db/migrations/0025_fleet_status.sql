-- Work per batch proportional to the batch (issue 21). The sweeper finds the silent among thousands of
-- reporting dongles and devices through a deadline kept on each row and a partial index on it, instead of
-- comparing every row's last message with its interval.
ALTER TABLE "dongles" ADD COLUMN "last_gap_seconds" integer;--> statement-breakpoint
ALTER TABLE "dongles" ADD COLUMN "offline_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "offline_after" timestamp with time zone;--> statement-breakpoint
-- A dongle's deadline (server time): three of its reporting intervals after its last message, the
-- interval being the learnt one or the last gap seen, whichever is longer (MISSED_INTERVALS, status-sweeper.ts).
CREATE FUNCTION dongle_offline_after() RETURNS trigger AS $$
BEGIN
  NEW.offline_after := NEW.last_seen_at
    + make_interval(secs => 3 * GREATEST(NEW.interval_seconds, coalesce(NEW.last_gap_seconds, 0)));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER dongles_offline_after BEFORE INSERT OR UPDATE OF last_seen_at, interval_seconds, last_gap_seconds
  ON dongles FOR EACH ROW EXECUTE FUNCTION dongle_offline_after();--> statement-breakpoint
-- A device's deadline (device time) with its dongle's interval as it stands at the device's last reading;
-- never seen counts as long past.
CREATE FUNCTION device_offline_after() RETURNS trigger AS $$
BEGIN
  NEW.offline_after := coalesce(NEW.last_seen_at + (
    SELECT make_interval(secs => 3 * GREATEST(g.interval_seconds, coalesce(g.last_gap_seconds, 0)))
    FROM dongles g WHERE g.id = NEW.dongle_id), '-infinity');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER devices_offline_after BEFORE INSERT OR UPDATE OF last_seen_at, dongle_id
  ON devices FOR EACH ROW EXECUTE FUNCTION device_offline_after();--> statement-breakpoint
UPDATE "dongles" SET "last_seen_at" = "last_seen_at";--> statement-breakpoint
UPDATE "devices" SET "last_seen_at" = "last_seen_at";--> statement-breakpoint
CREATE INDEX "dongles_deadline_idx" ON "dongles" USING btree ("offline_after") WHERE status = 'ONLINE';--> statement-breakpoint
CREATE INDEX "devices_deadline_idx" ON "devices" USING btree ("offline_after") WHERE status IN ('ONLINE', 'ABNORMAL', 'FAULT');
