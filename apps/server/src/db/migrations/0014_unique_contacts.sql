CREATE TABLE "contact_clash_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_clash_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"username" varchar(30) NOT NULL,
	"field" varchar(8) NOT NULL,
	"cleared_value" varchar(254) NOT NULL,
	"kept_by_user_id" integer NOT NULL,
	"kept_by_username" varchar(30) NOT NULL,
	"reason" varchar(16) NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"contact_type" varchar(8) NOT NULL,
	"contact" varchar(254) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_contacts" ADD CONSTRAINT "pending_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_contacts_user_type_uq" ON "pending_contacts" USING btree ("user_id","contact_type");--> statement-breakpoint
-- Plants keep their owner's contact in the same stored form (a later edit compares against it).
UPDATE "plants" SET "owner_contact" = '+' || regexp_replace("owner_contact", '[^0-9]', '', 'g')
WHERE "owner_contact_type" = 'MOBILE' AND regexp_replace("owner_contact", '[^0-9]', '', 'g') <> ''
  AND "owner_contact" <> '+' || regexp_replace("owner_contact", '[^0-9]', '', 'g');--> statement-breakpoint
-- One identifier must name one account. Contacts are brought into their stored form (e-mail lower-cased,
-- phone as + and digits), then every contact that names two accounts is cleared on all but one, and each
-- clearing is written to contact_clash_log for the operator (docs/operations.md).
DROP INDEX "users_email_uq";--> statement-breakpoint
DROP INDEX "users_phone_uq";--> statement-breakpoint
UPDATE "users" SET "email" = NULLIF(lower(btrim("email")), '')
WHERE "email" IS NOT NULL AND "email" IS DISTINCT FROM NULLIF(lower(btrim("email")), '');--> statement-breakpoint
UPDATE "users" SET "phone" = NULLIF('+' || regexp_replace("phone", '[^0-9]', '', 'g'), '+')
WHERE "phone" IS NOT NULL AND "phone" IS DISTINCT FROM NULLIF('+' || regexp_replace("phone", '[^0-9]', '', 'g'), '+');--> statement-breakpoint
-- The same contact on several accounts: the oldest account keeps it (it had it first; verification dates are not recorded).
WITH "ranked" AS (
  SELECT "id", "username", "email",
    first_value("id") OVER "w" AS "keeper_id", first_value("username") OVER "w" AS "keeper_name"
  FROM "users" WHERE "email" IS NOT NULL
  WINDOW "w" AS (PARTITION BY "email" ORDER BY "id")
), "logged" AS (
  INSERT INTO "contact_clash_log" ("user_id", "username", "field", "cleared_value", "kept_by_user_id", "kept_by_username", "reason")
  SELECT "id", "username", 'email', "email", "keeper_id", "keeper_name", 'contact' FROM "ranked" WHERE "id" <> "keeper_id"
  RETURNING "user_id"
)
UPDATE "users" SET "email" = NULL, "updated_at" = now() WHERE "id" IN (SELECT "user_id" FROM "logged");--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", "username", "phone",
    first_value("id") OVER "w" AS "keeper_id", first_value("username") OVER "w" AS "keeper_name"
  FROM "users" WHERE "phone" IS NOT NULL
  WINDOW "w" AS (PARTITION BY "phone" ORDER BY "id")
), "logged" AS (
  INSERT INTO "contact_clash_log" ("user_id", "username", "field", "cleared_value", "kept_by_user_id", "kept_by_username", "reason")
  SELECT "id", "username", 'phone', "phone", "keeper_id", "keeper_name", 'contact' FROM "ranked" WHERE "id" <> "keeper_id"
  RETURNING "user_id"
)
UPDATE "users" SET "phone" = NULL, "updated_at" = now() WHERE "id" IN (SELECT "user_id" FROM "logged");--> statement-breakpoint
-- A contact that is another account's user name: the user name stays (it cannot be changed), the contact goes.
WITH "logged" AS (
  INSERT INTO "contact_clash_log" ("user_id", "username", "field", "cleared_value", "kept_by_user_id", "kept_by_username", "reason")
  SELECT "u"."id", "u"."username", 'email', "u"."email", "o"."id", "o"."username", 'username'
  FROM "users" "u" JOIN "users" "o" ON "o"."id" <> "u"."id" AND lower("o"."username") = "u"."email"
  RETURNING "user_id"
)
UPDATE "users" SET "email" = NULL, "updated_at" = now() WHERE "id" IN (SELECT "user_id" FROM "logged");--> statement-breakpoint
WITH "logged" AS (
  INSERT INTO "contact_clash_log" ("user_id", "username", "field", "cleared_value", "kept_by_user_id", "kept_by_username", "reason")
  SELECT "u"."id", "u"."username", 'phone', "u"."phone", "o"."id", "o"."username", 'username'
  FROM "users" "u" JOIN "users" "o" ON "o"."id" <> "u"."id" AND '+' || "o"."username" = "u"."phone"
  RETURNING "user_id"
)
UPDATE "users" SET "phone" = NULL, "updated_at" = now() WHERE "id" IN (SELECT "user_id" FROM "logged");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_normalised" CHECK ("users"."email" = lower(btrim("users"."email")));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_normalised" CHECK ("users"."phone" ~ '^[+][0-9]+$');
