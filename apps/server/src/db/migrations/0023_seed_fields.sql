-- A device's address on its dongle's bus (Modbus 1–247), as the seed's device rows carry it (deviceAddress).
ALTER TABLE "devices" ADD COLUMN "device_address" smallint;
--> statement-breakpoint
-- Consent kept with the account: sign-in asks for the box only until the user has agreed once. Accounts
-- that exist already signed in (or registered) with the box ticked, which the web required every time.
ALTER TABLE "users" ADD COLUMN "consented_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "consented_at" = "created_at";
