import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sqlRow, sqlRows } from '../../db/rows.ts';
import { loginAttempts } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * How hard an account may be guessed at (docs/security.md, "The sign-in throttle"; OWASP ASVS 5.0 V6.3.1):
 * - per address and account: ADDRESS_LOCK_FAILURES failures from one address within WINDOW (since its last
 *   success there) lock that address out of that account for WINDOW after the newest;
 * - per account, from anywhere: past ACCOUNT_FREE_FAILURES failures within WINDOW each further attempt waits
 *   a delay after the newest failure, doubling with every failure from ACCOUNT_FIRST_DELAY_S up to
 *   ACCOUNT_MAX_DELAY_S. Never a lock: the rightful user waits at most that long, and not at all from an
 *   address the account signed in from within KNOWN_ADDRESS_DAYS.
 * Every password check (sign-in, a wrong second factor, an invitation accepted into an existing account)
 * writes the same `login_attempts` rows, so all of them count here.
 */
const ADDRESS_LOCK_FAILURES = 5;
const WINDOW_S = 15 * 60;
const ACCOUNT_FREE_FAILURES = 10;
const ACCOUNT_FIRST_DELAY_S = 1;
const ACCOUNT_MAX_DELAY_S = 60;
export const KNOWN_ADDRESS_DAYS = 30;
/** Arbitrary constant: the advisory locks of sign-in attempts, one per account key. */
const ATTEMPT_LOCK = 7_302_116;

/** The wait the account as a whole imposes after `failures` recent failures (seconds; 0: none). */
export function accountDelaySeconds(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(ACCOUNT_FIRST_DELAY_S * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_S);
}

/** A password check that has to wait: 429 `auth.tryLater` with Retry-After (whole seconds). */
const signInThrottled = (retryAfterSeconds: number) =>
  new AppError(429, 'auth.tryLater', {}, [], { retryAfterSeconds });

/** Seconds this address must wait before trying this account again (0: it may try now). */
async function waitSeconds(db: DbOrTx, key: string, ip: string): Promise<number> {
  const account = await sqlRow<{ failures: number; sinceFailure: number | null; known: boolean | null }>(
    db,
    sql`
    SELECT
      count(*) FILTER (WHERE NOT success AND created_at > now() - make_interval(secs => ${WINDOW_S}))::int
        AS failures,
      extract(epoch FROM now() - max(created_at) FILTER (WHERE NOT success))::float8 AS "sinceFailure",
      bool_or(success AND ip = ${ip}) AS known
    FROM login_attempts
    WHERE account_key = ${key} AND created_at > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
  );
  const accountWait =
    account?.known || account?.sinceFailure == null
      ? 0
      : accountDelaySeconds(account.failures) - account.sinceFailure;
  // The address's last attempts at this account: all failures, close together and recent, lock it.
  const recent = await sqlRows<{ success: boolean; age: number }>(
    db,
    sql`
    SELECT success, extract(epoch FROM now() - created_at)::float8 AS age
    FROM login_attempts
    WHERE account_key = ${key} AND ip = ${ip} AND created_at > now() - make_interval(secs => ${2 * WINDOW_S})
    ORDER BY id DESC
    LIMIT ${ADDRESS_LOCK_FAILURES}`,
  );
  const locked =
    recent.length === ADDRESS_LOCK_FAILURES &&
    !recent.some((r) => r.success) &&
    recent.at(-1)!.age - recent[0]!.age <= WINDOW_S;
  const addressWait = locked ? WINDOW_S - recent[0]!.age : 0;
  const wait = Math.max(accountWait, addressWait);
  return wait > 0 ? Math.ceil(wait) : 0;
}

/**
 * Starts one password check of an account (its key: identity.ts `accountKey`) from an address: when it has
 * to wait, audits a failed sign-in (`detail` says where else than the sign-in) and throws signInThrottled's 429;
 * else records the attempt as a failure before the password is even looked at — so parallel guesses see
 * each other and none slips through the same opening — and answers how to mark it a success. Attempts at
 * one account are serialised by an advisory lock, for the check and the record only.
 */
export async function beginPasswordAttempt(
  db: Db,
  key: string,
  ipAddress: string,
  detail: Record<string, unknown> = {},
) {
  const ip = ipAddress.slice(0, 64);
  const claim = await db.transaction(async (tx): Promise<{ wait: number } | { id: number }> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ATTEMPT_LOCK}, hashtext(${key}))`);
    const wait = await waitSeconds(tx, key, ip);
    if (wait > 0) return { wait };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ accountKey: key, ip, success: false })
      .returning({ id: loginAttempts.id });
    return { id: row!.id };
  });
  if ('wait' in claim) {
    await audit(db, null, {
      action: 'auth.loginFailed',
      targetType: 'account',
      targetId: key,
      detail: { ...detail, locked: true, retryAfter: claim.wait },
      ip: ipAddress,
    });
    throw signInThrottled(claim.wait);
  }
  return {
    /** The password (or code) was right and the account may sign in. */
    succeeded: async () => {
      await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, claim.id));
    },
  };
}
