import { translate } from '@pvstar/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { trustedDevices, twoFactorChallenges } from '../../db/schema/index.ts';
import { revokeUserTokens } from '../../domain/api-tokens.ts';
import { type Actor, audit } from '../../lib/audit.ts';
import { revokeUserSessions } from './session.ts';
import { noticeTime, noticeToUser } from './user-notice.ts';

/**
 * The events after which nothing obtained with the account's earlier credentials may keep working: a new
 * password (own change, "forgot password", an administrator's reset), a second factor turned on or reset,
 * the account frozen or deactivated.
 */
export type CredentialsEvent =
  | 'passwordChanged'
  | 'passwordReset'
  | 'passwordResetByAdmin'
  | 'twoFactorEnabled'
  | 'twoFactorReset'
  | 'frozen'
  | 'stopped';

/** What the user did themself (the notice asks "was this you?" and names the address); the rest an administrator did. */
const BY_THE_USER: ReadonlySet<CredentialsEvent> = new Set([
  'passwordChanged',
  'passwordReset',
  'twoFactorEnabled',
]);

/**
 * Ends every credential derived from a user's account: their sessions (all but `keepSessionId`, the session
 * that made its own change), their API tokens (revoked, as by hand: the list shows them as such), their
 * remembered devices and sign-in challenges under way. Audited with the counts, and the user is told.
 * Pass the caller's `tx` to end them with the change itself.
 */
export async function endDerivedCredentials(
  db: DbOrTx,
  userId: number,
  event: CredentialsEvent,
  opts: { by: Actor; ip: string; appTitle: string; keepSessionId?: number },
) {
  const at = new Date();
  // Sessions before tokens: a token being made holds its session (api-token.service.ts `add`), so it is
  // either refused or stored before the tokens are revoked.
  const sessions = await revokeUserSessions(db, userId, opts.keepSessionId);
  const tokenIds = await revokeUserTokens(db, userId, at);
  const devices = await db
    .delete(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .returning({ id: trustedDevices.id });
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.userId, userId), isNull(twoFactorChallenges.usedAt)));
  await audit(db, opts.by, {
    action: 'account.credentialsEnded',
    targetType: 'user',
    targetId: userId,
    detail: {
      event,
      apiTokens: tokenIds.length,
      apiTokenIds: tokenIds,
      sessions,
      trustedDevices: devices.length,
      sessionKept: !!opts.keepSessionId,
    },
    ip: opts.ip,
  });
  await noticeToUser(db, userId, (lang, user) => {
    const params = {
      title: opts.appTitle,
      username: user.username,
      ip: opts.ip,
      at: noticeTime(lang, at),
      tokens: tokenIds.length,
      sessions,
      devices: devices.length,
    };
    const close = BY_THE_USER.has(event) ? 'ifNotYou' : 'ifUnexpected';
    return {
      subject: translate(lang, 'mail.credentialsEnded.subject', params),
      body: [`event.${event}`, 'ended', close]
        .map((key) => translate(lang, `mail.credentialsEnded.${key}`, params))
        .join('\n\n'),
    };
  });
}
