import { API_TOKEN_PREFIX, type ApiTokenScope } from '@pvstar/contract/api-token';
import { eq } from 'drizzle-orm';
import { apiTokens, users } from '../../../src/db/schema/index.ts';
import { newToken, sha256 } from '../../../src/lib/crypto.ts';
import type { TestApp } from '../../helper.ts';
import { type MatrixEntry, row, SIGNED_IN, SIGNED_IN_WRITE } from './shared.ts';

/**
 * A token of a matrix caller, stored as the server stores one (the demo login cannot make one itself: it
 * is read-only), with limits high enough for the matrix's bursts.
 */
export async function tokenOf(t: TestApp, username: string, scope: ApiTokenScope): Promise<string> {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  await t.ctx.db.insert(apiTokens).values({
    userId: user.id,
    name: `matrix ${scope}`,
    tokenHash: sha256(token),
    hint: token.slice(0, 11),
    scope,
    dailyLimit: 100_000_000,
    perSecondLimit: 100_000,
  });
  return token;
}

/** The permission matrix's rows: the signed-in user's own API tokens (a session only, never a token). */
export const API_TOKEN_ROWS: MatrixEntry[] = [
  {
    route: 'POST /system/apiToken/add',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    request: () => ({ body: { name: 'Matrix token', scope: 'READ_ONLY' } }),
  },
  {
    route: 'POST /system/apiToken/page',
    token: 'none',
    expect: row(SIGNED_IN),
    request: () => ({ query: { pageNum: 1, pageSize: 10 }, body: {} }),
  },
  {
    route: 'POST /system/apiToken/revoke',
    token: 'none',
    expect: row(SIGNED_IN_WRITE),
    // The caller's own token; refused callers name one that is not theirs (the route must not even look).
    request: async ({ t, caller, allowed }) => {
      if (!allowed || !caller.username) return { body: { id: 1 } };
      const token = await tokenOf(t, caller.username, 'READ_ONLY');
      const [row] = await t.ctx.db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, sha256(token)));
      return { body: { id: row!.id } };
    },
  },
];
