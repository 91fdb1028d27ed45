import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { apiTokens } from '../db/schema/index.ts';

/** A token that still works: not revoked, not expired. */
export const activeToken = (now: Date): SQL =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), sql`${apiTokens.expiresAt} > ${now}`))!;

/**
 * Revokes every working token of a user at once, as a revocation by hand does (the account's credentials
 * end: modules/auth/derived-credentials.ts); the ids of those revoked. Here, below both the token module
 * and auth, because the token module builds on auth's account lookup.
 */
export const revokeUserTokens = (db: DbOrTx, userId: number, at = new Date()): Promise<number[]> =>
  revokeTokensOf(db, eq(apiTokens.userId, userId), at);

/** `revokeUserTokens` of every user `users` selects (a predicate on `api_tokens.user_id`). */
export async function revokeTokensOf(db: DbOrTx, users: SQL, at = new Date()): Promise<number[]> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(users, activeToken(at)))
    .returning({ id: apiTokens.id });
  return revoked.map((r) => r.id).sort((a, b) => a - b);
}
