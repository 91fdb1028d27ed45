import { eq } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { twoFactorChallenges, users, userTwoFactor } from '../../../src/db/schema/index.ts';
import { newToken, sha256 } from '../../../src/lib/crypto.ts';
import { addUser, type TestApp } from '../../helper.ts';
import type { Side } from '../fixtures/sides.ts';

/** Second factors and sign-in challenges the two-factor routes of the matrix act on. */

/** A second factor for an account straight in the database (secret known), on or waiting for its first code. */
export const TOTP_SECRET = generateSecret();
export async function giveSecondFactor(t: TestApp, username: string, enabled: boolean) {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  // The no-token column has no account.
  if (!user) return;
  const values = { secret: TOTP_SECRET, enabledAt: enabled ? new Date() : null, lastTimeStep: null };
  await t.ctx.db
    .insert(userTwoFactor)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: values });
}
/** A sign-in challenge of a throwaway account of the side. */
export async function challengeFor(t: TestApp, side: Side, kind: 'VERIFY' | 'SETUP') {
  const user = await addUser(t, { org: side.org.id, roles: ['GUEST'], prefix: 'tf' });
  if (kind === 'VERIFY') await giveSecondFactor(t, user.username, true);
  const challenge = newToken();
  await t.ctx.db.insert(twoFactorChallenges).values({
    userId: user.id,
    tokenHash: sha256(challenge),
    kind,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return challenge;
}
