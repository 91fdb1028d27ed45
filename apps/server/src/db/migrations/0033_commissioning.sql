CREATE TABLE "commissioning_ticks" (
	"plant_id" integer NOT NULL,
	"item" varchar(24) NOT NULL,
	"user_id" integer,
	"username" varchar(64) NOT NULL,
	"note" varchar(500) NOT NULL,
	"photo" varchar(200),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commissioning_ticks_plant_id_item_pk" PRIMARY KEY("plant_id","item")
);
--> statement-breakpoint
CREATE TABLE "owner_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "owner_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plant_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plant_commissioning" (
	"plant_id" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"completed_by_name" varchar(64),
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "plant_consents" (
	"plant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "plant_consents_plant_id_user_id_pk" PRIMARY KEY("plant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "commissioning_ticks" ADD CONSTRAINT "commissioning_ticks_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commissioning_ticks" ADD CONSTRAINT "commissioning_ticks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invitations" ADD CONSTRAINT "owner_invitations_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invitations" ADD CONSTRAINT "owner_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_invitations" ADD CONSTRAINT "owner_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_commissioning" ADD CONSTRAINT "plant_commissioning_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_commissioning" ADD CONSTRAINT "plant_commissioning_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_consents" ADD CONSTRAINT "plant_consents_plant_id_plants_id_fk" FOREIGN KEY ("plant_id") REFERENCES "public"."plants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_consents" ADD CONSTRAINT "plant_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_consents" ADD CONSTRAINT "plant_consents_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commissioning_ticks_photo_idx" ON "commissioning_ticks" USING btree ("photo") WHERE "commissioning_ticks"."photo" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "owner_invitations_token_uq" ON "owner_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "owner_invitations_plant_idx" ON "owner_invitations" USING btree ("plant_id");--> statement-breakpoint
CREATE INDEX "plant_consents_user_idx" ON "plant_consents" USING btree ("user_id");