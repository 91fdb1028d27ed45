import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { alarmNotifications, loginAttempts, sessions, verificationCodes } from '../db/schema/index.ts';

/** Failed sign-in attempts older than this no longer matter to any lock-out window. */
const ATTEMPTS_KEPT_MS = 24 * 3_600_000;
/**
 * Successful ones are kept longer: an address an account signed in from within this time is spared the
 * account's delay (modules/auth/sign-in-throttle.ts, KNOWN_ADDRESS_DAYS, which lib/ cannot import).
 */
const SUCCESSES_KEPT_MS = 30 * 86_400_000;

/**
 * Deletes what has served its purpose: expired sessions, old sign-in attempts (failures after a day,
 * successes after 30), used or expired codes,
 * and alarm mail rows sent a day ago (the mail throttle looks back minutes, the mail is in the outbox).
 */
export async function purgeStale(db: Db, now = new Date()) {
  const old = new Date(now.getTime() - ATTEMPTS_KEPT_MS);
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const a = await db
    .delete(loginAttempts)
    .where(
      or(
        and(eq(loginAttempts.success, false), lt(loginAttempts.createdAt, old)),
        lt(loginAttempts.createdAt, new Date(now.getTime() - SUCCESSES_KEPT_MS)),
      ),
    )
    .returning({ id: loginAttempts.id });
  // Codes stay a day after use or expiry: the per-contact sending limits count them.
  const c = await db
    .delete(verificationCodes)
    .where(
      or(
        lt(verificationCodes.expiresAt, old),
        sql`${verificationCodes.usedAt} < ${old.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: verificationCodes.id });
  const m = await db
    .delete(alarmNotifications)
    .where(lt(alarmNotifications.sentAt, old))
    .returning({ id: alarmNotifications.id });
  return { sessions: s.length, loginAttempts: a.length, codes: c.length, alarmMail: m.length };
}

/**
 * Purges every `everyMs`, and runs the other parts' clean-ups (`tasks`, by name: main.ts adds the firmware
 * uploads no program took within a day), each telling what it removed.
 */
export function startHousekeeping(
  db: Db,
  log: Logger,
  tasks: Record<string, () => Promise<unknown>> = {},
  everyMs = 3_600_000,
) {
  const run = () =>
    purgeStale(db)
      .then(async (n) => {
        const more: Record<string, unknown> = {};
        for (const [name, task] of Object.entries(tasks)) more[name] = await task();
        return { ...n, ...more };
      })
      .then((n) => log.debug(n, 'housekeeping done'))
      .catch((err) => log.warn({ err: (err as Error).message }, 'housekeeping failed'));
  const timer = setInterval(run, everyMs);
  void run();
  return { stop: () => clearInterval(timer) };
}
