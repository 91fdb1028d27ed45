-- A menu entry hidden in the menu admin is off for everyone (issue 36): its code, and the codes below it,
-- leave every caller's grants. The flag is derived from visible and parent_id on each change of the menu
-- table and on start (db/menu-withdrawal.ts); nothing is withdrawn until then.
ALTER TABLE "menus" ADD COLUMN "withdrawn" boolean DEFAULT false NOT NULL;
