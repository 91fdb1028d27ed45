import fs from 'node:fs';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { type Actor, audit } from './audit.ts';
import { md5, verifyPassword } from './crypto.ts';
import { AppError, invalidField } from './errors.ts';

/**
 * The wire carries only MD5 of a password, so the server refuses new passwords by their MD5: the empty
 * string and the 10,000 most common passwords (common-passwords.txt, see docs/security.md for its source),
 * each as listed and with its first letter upper-cased, since the client's rule asks for both cases.
 */
const COMMON_PASSWORD_MD5 = new Set<string>(
  fs
    .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((word) => word.length > 0)
    .flatMap((word) => [md5(word), md5(word[0]!.toUpperCase() + word.slice(1))])
    .concat(md5('')),
);

/** A new password (MD5 hex) that is empty or common answers 400 naming its field, with the password rule. */
export function refuseCommonPassword(md5Hex: string, field: string) {
  if (COMMON_PASSWORD_MD5.has(md5Hex.toLowerCase())) throw invalidField(field, 'validation.password');
}

const CONFIRM_FAILURES = 5;
const CONFIRM_WINDOW_MS = 15 * 60_000;

/**
 * Every action that asks a signed-in user for their password again (remote writes, password change,
 * account cancellation) checks it here, so wrong guesses add up across all of them: after five in 15
 * minutes the account's confirmations answer 429, even with the right password. Sign-in has its own
 * lock (auth.service.ts), so a stolen session cannot lock its owner out of signing in.
 */
export async function confirmPassword(db: Db, caller: Actor, md5Hex: string, field: string, ip: string) {
  await refuseWhileConfirmsLocked(db, caller);
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
  if (user && (await verifyPassword(user.hash, md5Hex))) return;
  await countConfirmFailure(db, caller, ip);
  throw invalidField(field, 'auth.wrongPassword');
}

/** 429 once the account's confirmations (password or, for a step-up, the TOTP code) failed five times in 15 minutes. */
export async function refuseWhileConfirmsLocked(db: Db, caller: Actor) {
  const [recent] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, caller.userId),
        eq(auditLog.action, 'account.confirmFailed'),
        gt(auditLog.at, new Date(Date.now() - CONFIRM_WINDOW_MS)),
      ),
    );
  if ((recent?.failures ?? 0) >= CONFIRM_FAILURES) throw new AppError(429, 'auth.tryLater');
}

/** Counts one wrong confirmation towards the lock (audited). */
export async function countConfirmFailure(db: Db, caller: Actor, ip: string) {
  await audit(db, caller, {
    action: 'account.confirmFailed',
    targetType: 'user',
    targetId: caller.userId,
    ip,
  });
}
