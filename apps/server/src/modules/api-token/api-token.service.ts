import type { PageQuery } from '@pvstar/contract/api';
import {
  API_TOKEN_PREFIX,
  type ApiTokenAddBody,
  type ApiTokenCreated,
  type ApiTokenLimits,
  type ApiTokenPage,
  type ApiTokenPageBody,
  type ApiTokenRow,
  type ApiTokenStatus,
} from '@pvstar/contract/api-token';
import { addDays } from '@pvstar/contract/calendar';
import { translate } from '@pvstar/contract/messages';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pageWindow } from '../../db/lists.ts';
import { apiTokens, organizations, plants, sessions } from '../../db/schema/index.ts';
import { activeToken } from '../../domain/api-tokens.ts';
import { plantScope } from '../../domain/plants.ts';
import type { Caller } from '../../http/access.ts';
import { audit } from '../../lib/audit.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { noticeTime, noticeToUser } from '../auth/user-notice.ts';

/** Active tokens one user may hold at a time. */
export const MAX_ACTIVE_TOKENS = 50;
/** What the list shows of a token: enough to tell tokens apart, far too little to use one. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 6;

const today = () => new Date().toISOString().slice(0, 10);

function statusOf(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiTokenStatus {
  if (row.revokedAt) return 'REVOKED';
  if (row.expiresAt && row.expiresAt <= now) return 'EXPIRED';
  return 'ACTIVE';
}

/** The limits a new token takes by default, and the most it may ask for. */
const tokenLimits = (config: Config): ApiTokenLimits => ({
  dailyLimit: config.API_TOKEN_DAILY_LIMIT,
  perSecondLimit: config.API_TOKEN_PER_SECOND_LIMIT,
  maxDailyLimit: config.API_TOKEN_MAX_DAILY_LIMIT,
  maxPerSecondLimit: config.API_TOKEN_MAX_PER_SECOND_LIMIT,
});

/** The chosen plants, each within the caller's own scope; one outside it (or unknown) is refused by field. */
async function checkPlants(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db
    .select({ id: plants.id })
    .from(plants)
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(and(inArray(plants.id, unique), plantScope(caller)));
  if (found.length !== unique.length) throw invalidField('plantIds', 'apiToken.plantOutOfScope');
  return unique.sort((a, b) => a - b);
}

/** The user hears of every new token, so that one made from a stolen session does not go unnoticed. */
function noticeNewToken(
  tx: Tx,
  caller: Caller,
  body: ApiTokenAddBody,
  at: { now: Date; ip: string; title: string },
) {
  return noticeToUser(tx, caller.userId, (lang, user) => {
    const params = {
      title: at.title,
      username: user.username,
      // A name is one line in the notice, whatever was typed.
      name: body.name.replace(/\s+/g, ' '),
      scope: translate(lang, `mail.apiTokenCreated.scope.${body.scope}`),
      at: noticeTime(lang, at.now),
      ip: at.ip,
    };
    return {
      subject: translate(lang, 'mail.apiTokenCreated.subject', params),
      body: translate(lang, 'mail.apiTokenCreated.body', params),
    };
  });
}

export type ApiTokenDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * The signed-in user's own API tokens (docs/decisions/019-api-tokens.md). Only a session reaches these
 * (the endpoints are `session`): a token never makes, sees or revokes tokens.
 */
export function createApiTokenService(deps: ApiTokenDeps) {
  return { ...createTokenAdd(deps), ...createTokenList(deps) };
}

function createTokenAdd({ db, config }: ApiTokenDeps) {
  async function add(caller: Caller, body: ApiTokenAddBody, ip: string): Promise<ApiTokenCreated> {
    const max = tokenLimits(config);
    const dailyLimit = body.dailyLimit ?? max.dailyLimit;
    const perSecondLimit = body.perSecondLimit ?? max.perSecondLimit;
    if (dailyLimit > max.maxDailyLimit)
      throw invalidField('dailyLimit', 'validation.tooBig', 400, { max: max.maxDailyLimit });
    if (perSecondLimit > max.maxPerSecondLimit)
      throw invalidField('perSecondLimit', 'validation.tooBig', 400, { max: max.maxPerSecondLimit });
    if (body.expiresOn && body.expiresOn < today()) throw invalidField('expiresOn', 'apiToken.expiryPast');
    const plantIds = body.plantIds?.length ? await checkPlants(db, caller, body.plantIds) : null;
    const now = new Date();
    const [held] = await db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, caller.userId), activeToken(now)));
    if ((held?.n ?? 0) >= MAX_ACTIVE_TOKENS)
      throw invalidField('name', 'apiToken.tooMany', 409, { max: MAX_ACTIVE_TOKENS });

    const token = `${API_TOKEN_PREFIX}${newToken()}`;
    const id = await db.transaction(async (tx) => {
      // The session making the token is held until it is stored: a recovery that ends the session meanwhile
      // either waits for the token (and then revokes it) or has ended the session, and the token is refused.
      const [session] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.id, caller.sessionId))
        .for('share');
      if (!session) throw new AppError(401, 'auth.sessionExpired');
      const [row] = await tx
        .insert(apiTokens)
        .values({
          userId: caller.userId,
          name: body.name,
          tokenHash: sha256(token),
          hint: token.slice(0, HINT_LENGTH),
          scope: body.scope,
          plantIds,
          dailyLimit,
          perSecondLimit,
          // The last day counts whole: the token ends at the following midnight (UTC).
          expiresAt: body.expiresOn ? new Date(`${addDays(body.expiresOn, 1)}T00:00:00Z`) : null,
        })
        .returning({ id: apiTokens.id });
      await audit(tx, caller, {
        action: 'apiToken.add',
        targetType: 'apiToken',
        targetId: row!.id,
        detail: {
          name: body.name,
          scope: body.scope,
          plantIds,
          expiresOn: body.expiresOn ?? null,
          dailyLimit,
          perSecondLimit,
        },
        ip,
      });
      await noticeNewToken(tx, caller, body, { now, ip, title: config.APP_TITLE });
      return row!.id;
    });
    return { id, token };
  }

  return { add };
}

/** The caller's tokens, revoking one, and the limits a new one may take. */
function createTokenList({ db, config }: ApiTokenDeps) {
  async function page(caller: Caller, query: PageQuery, body: ApiTokenPageBody): Promise<ApiTokenPage> {
    const now = new Date();
    const where = and(eq(apiTokens.userId, caller.userId), body.all ? undefined : activeToken(now));
    const [total] = await db.select({ n: count() }).from(apiTokens).where(where);
    const rows = await db
      .select()
      .from(apiTokens)
      .where(where)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(pageWindow(query).limit)
      .offset(pageWindow(query).offset);
    // The names of the plants the tokens name, as far as the user still sees them.
    const ids = [...new Set(rows.flatMap((r) => r.plantIds ?? []))];
    const names = new Map<number, string>();
    if (ids.length)
      for (const p of await db
        .select({ id: plants.id, name: plants.name })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(and(inArray(plants.id, ids), plantScope(caller))))
        names.set(p.id, p.name);
    const list: ApiTokenRow[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      hint: `${r.hint}…`,
      scope: r.scope,
      plants: (r.plantIds ?? []).map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
      dailyLimit: r.dailyLimit,
      perSecondLimit: r.perSecondLimit,
      createdAt: r.createdAt.toISOString(),
      expiresOn: r.expiresAt ? addDays(r.expiresAt.toISOString().slice(0, 10), -1) : null,
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: r.lastUsedIp,
      revokedAt: r.revokedAt?.toISOString() ?? null,
      status: statusOf(r, now),
    }));
    return { list, total: total?.n ?? 0, limits: tokenLimits(config) };
  }

  /** Ends one of the caller's own tokens at once; another user's token is 404, like an unknown one. */
  async function revoke(caller: Caller, id: number, ip: string) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: apiTokens.id, name: apiTokens.name, revokedAt: apiTokens.revokedAt })
        .from(apiTokens)
        .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, caller.userId)))
        .for('update');
      if (!row) throw notFound();
      if (row.revokedAt) return;
      await tx.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id));
      await audit(tx, caller, {
        action: 'apiToken.revoke',
        targetType: 'apiToken',
        targetId: id,
        detail: { name: row.name },
        ip,
      });
    });
  }

  return { page, revoke, limits: () => tokenLimits(config) };
}
