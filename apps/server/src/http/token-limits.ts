import type { FastifyReply } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The fair limits of API tokens (docs/decisions/019-api-tokens.md): each token has its own allowance a
 * second and a UTC day, counted in this process (like the per-IP sign-in limits). Every request made with a
 * token, refused ones included, counts. Answers carry the IETF draft's `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds) for the day's allowance — or the second's, once that
 * is spent — and `RateLimit-Policy` names both; over a limit: 429 with `Retry-After`.
 */
export interface TokenLimits {
  id: number;
  dailyLimit: number;
  perSecondLimit: number;
}

interface Window {
  key: number;
  count: number;
}

const DAY_SECONDS = 86_400;

export function createTokenLimiter(now: () => number = Date.now) {
  const seconds = new Map<number, Window>();
  const days = new Map<number, Window>();

  const take = (map: Map<number, Window>, id: number, key: number): Window => {
    let w = map.get(id);
    if (!w || w.key !== key) {
      w = { key, count: 0 };
      map.set(id, w);
    }
    w.count += 1;
    return w;
  };

  /** Counts one request of the token, sets the headers, and throws 429 when a limit is spent. */
  function check(token: TokenLimits, reply: FastifyReply) {
    const ms = now();
    const second = Math.floor(ms / 1000);
    const day = Math.floor(second / DAY_SECONDS);
    // Forget windows of other seconds now and then, so that idle tokens cost nothing.
    if (seconds.size > 10_000) for (const [id, w] of seconds) if (w.key !== second) seconds.delete(id);
    const perSecond = take(seconds, token.id, second);
    const daily = take(days, token.id, day);
    const dayReset = (day + 1) * DAY_SECONDS - second;
    reply.header('RateLimit-Policy', `${token.perSecondLimit};w=1, ${token.dailyLimit};w=${DAY_SECONDS}`);
    if (daily.count > token.dailyLimit) {
      daily.count = token.dailyLimit + 1;
      reply
        .header('RateLimit-Limit', token.dailyLimit)
        .header('RateLimit-Remaining', 0)
        .header('RateLimit-Reset', dayReset)
        .header('Retry-After', dayReset);
      throw new AppError(429, 'apiToken.dailyLimit', { limit: token.dailyLimit });
    }
    if (perSecond.count > token.perSecondLimit) {
      // A refused request does not use up the day's allowance.
      daily.count -= 1;
      reply
        .header('RateLimit-Limit', token.perSecondLimit)
        .header('RateLimit-Remaining', 0)
        .header('RateLimit-Reset', 1)
        .header('Retry-After', 1);
      throw new AppError(429, 'apiToken.perSecondLimit', { limit: token.perSecondLimit });
    }
    reply
      .header('RateLimit-Limit', token.dailyLimit)
      .header('RateLimit-Remaining', token.dailyLimit - daily.count)
      .header('RateLimit-Reset', dayReset);
  }

  /** Forgets a token's counts (a revoked token's). */
  const forget = (id: number) => {
    seconds.delete(id);
    days.delete(id);
  };
  return { check, forget };
}
export type TokenLimiter = ReturnType<typeof createTokenLimiter>;
