-- One open write per inverter (issue 34), held by a partial unique index instead of a check before the insert.
-- Two writes that raced past the old check would stop the index from being built: all but the newest end
-- as TIMED_OUT first (the device drops a write past its deadline, and these are minutes old at most).
UPDATE "remote_commands" SET "status" = 'TIMED_OUT', "error" = 'superseded', "finished_at" = now()
WHERE "action" = 'WRITE' AND "status" IN ('PENDING', 'ACCEPTED', 'VERIFYING')
  AND "id" NOT IN (
    SELECT max("id") FROM "remote_commands"
    WHERE "action" = 'WRITE' AND "status" IN ('PENDING', 'ACCEPTED', 'VERIFYING')
    GROUP BY "device_id"
  );--> statement-breakpoint
CREATE UNIQUE INDEX "remote_commands_one_open_write_uq" ON "remote_commands" USING btree ("device_id") WHERE action = 'WRITE' AND status IN ('PENDING', 'ACCEPTED', 'VERIFYING');
