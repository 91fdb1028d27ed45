import { API_TOKEN_PREFIX } from '@pvstar/contract/api-token';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { apiTokens, organizations, users } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { sha256 } from '../../lib/crypto.ts';
import { callerAccountColumns, grantsOfRow } from '../auth/session.ts';

/** Whether a bearer credential is an API token (by its prefix) rather than a session token. */
export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/**
 * The token, its account and the account's current grants in one statement, as for sessions
 * (auth/session.ts): a token never holds codes or a scope of its own, so a user who loses a role, is
 * frozen or deleted takes their tokens with them on the next request.
 */
const tokenCallerQuery = preparedPerDb((db: Db) =>
  db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scope: apiTokens.scope,
      plantIds: apiTokens.plantIds,
      dailyLimit: apiTokens.dailyLimit,
      perSecondLimit: apiTokens.perSecondLimit,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      ...callerAccountColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_token_caller'),
);

/**
 * An API token's caller: its user with at most the user's codes and scope, read-only when the token or the
 * user is, narrowed to the token's plants. Null (401) for an unknown, revoked or expired token and for a
 * user or organisation not in good standing.
 */
export async function resolveTokenCaller(
  db: Db,
  token: string,
  meta: { ip: string },
): Promise<Caller | null> {
  if (token.length > 200) return null;
  const [row] = await tokenCallerQuery(db).execute({ tokenHash: sha256(token) });
  if (!row || row.revokedAt) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  if (row.status !== 'NORMAL' || row.orgStatus !== 'NORMAL') return null;
  // Last use and its address, shown in the personal centre: written at most once a minute per address.
  const ip = meta.ip.slice(0, 64);
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000 || row.lastUsedIp !== ip)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(), lastUsedIp: ip })
      .where(eq(apiTokens.id, row.tokenId));
  const { perms, dataScope } = grantsOfRow(row.grants);
  return {
    userId: row.userId,
    username: row.username,
    orgId: row.orgId,
    orgPath: row.orgPath,
    orgType: row.orgType,
    perms,
    dataScope,
    readOnly: row.readOnly || row.scope === 'READ_ONLY',
    sessionId: 0,
    token: {
      id: row.tokenId,
      name: row.tokenName,
      scope: row.scope,
      plantIds: row.plantIds ?? null,
      dailyLimit: row.dailyLimit,
      perSecondLimit: row.perSecondLimit,
    },
  };
}
