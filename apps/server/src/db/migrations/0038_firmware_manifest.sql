-- Signed firmware manifests (docs/decisions/033-firmware-manifests.md). An upload keeps the manifest its
-- signature covers; programs registered before stay listed as legacy but start no task, and their version
-- may be registered again with a manifest.
ALTER TABLE "firmware_files" ADD COLUMN "manifest" jsonb;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD COLUMN "legacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "firmware_programs" SET "legacy" = true;--> statement-breakpoint
DROP INDEX "firmware_programs_version_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_programs_version_uq" ON "firmware_programs" USING btree ("manufacturer_id","firmware_type","version","org_id") WHERE NOT legacy;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD COLUMN "rollback_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD COLUMN "rollback_by" integer;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD COLUMN "rollback_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD COLUMN "rollback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "firmware_programs" ADD CONSTRAINT "firmware_programs_rollback_by_users_id_fk" FOREIGN KEY ("rollback_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD COLUMN "rollback_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD COLUMN "rollback_by_name" varchar(64);--> statement-breakpoint
ALTER TABLE "upgrade_tasks" ADD COLUMN "rollback_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "firmware_key_owners" (
	"fingerprint" varchar(64) PRIMARY KEY NOT NULL,
	"manufacturer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A fingerprint registered for several manufacturers (possible before): the first registration keeps it,
-- the others are retired, each with an audit row saying why.
INSERT INTO "firmware_key_owners" ("fingerprint", "manufacturer_id", "created_at")
  SELECT DISTINCT ON ("fingerprint") "fingerprint", "manufacturer_id", "created_at"
  FROM "manufacturer_keys" ORDER BY "fingerprint", "id";--> statement-breakpoint
WITH retired AS (
  UPDATE "manufacturer_keys" k SET "retired_at" = now()
  FROM "firmware_key_owners" o
  WHERE o."fingerprint" = k."fingerprint" AND o."manufacturer_id" <> k."manufacturer_id" AND k."retired_at" IS NULL
  RETURNING k."manufacturer_id", k."fingerprint", o."manufacturer_id" AS "owner_id"
)
INSERT INTO "audit_log" ("action", "target_type", "target_id", "detail")
  SELECT 'manufacturer.keyRetire', 'manufacturer', "manufacturer_id"::text,
    jsonb_build_object('fingerprint', "fingerprint", 'reason', 'migration 0038: registered for manufacturer ' || "owner_id" || ' first')
  FROM retired;--> statement-breakpoint
-- Every later registration of a fingerprint must be its owner's, whichever path inserts it.
CREATE OR REPLACE FUNCTION firmware_key_owner() RETURNS trigger AS $$
DECLARE
  owner integer;
BEGIN
  INSERT INTO firmware_key_owners (fingerprint, manufacturer_id) VALUES (NEW.fingerprint, NEW.manufacturer_id)
    ON CONFLICT (fingerprint) DO NOTHING;
  SELECT manufacturer_id INTO owner FROM firmware_key_owners WHERE fingerprint = NEW.fingerprint;
  IF owner <> NEW.manufacturer_id THEN
    RAISE EXCEPTION 'signing key % belongs to manufacturer %', NEW.fingerprint, owner
      USING ERRCODE = '23505', CONSTRAINT = 'firmware_key_owners_pkey';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER manufacturer_keys_owner BEFORE INSERT OR UPDATE OF fingerprint, manufacturer_id ON manufacturer_keys
  FOR EACH ROW EXECUTE FUNCTION firmware_key_owner();
