-- The header's bell counts ongoing alarms nobody has acknowledged, every half minute per open tab: a partial
-- index holds just those rows (by plant, for the scope join), so the count never reads the history.
CREATE INDEX "alarms_open_idx" ON "alarms" USING btree ("plant_id") WHERE status = 'ONGOING' AND ack_at IS NULL;
