-- Step-up (issue 33): when the session's user last proved to be at the keyboard (password, or the TOTP code
-- with two-factor sign-in), the sign-in itself included. Dangerous actions need it within a few minutes.
ALTER TABLE "sessions" ADD COLUMN "presence_at" timestamp with time zone DEFAULT now() NOT NULL;
