import type { ForgetBody, LoginBody, RegisterBody, UserInfo } from '@pvstar/contract/auth';
import type { LoginResult } from '@pvstar/contract/two-factor';
import { maskContact } from '@pvstar/contract/validation';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { sqlRow } from '../../db/rows.ts';
import { organizations, roles, userRoles, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { inSubtree, orgPathOf } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/crypto.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { consumeCode } from './codes.ts';
import { pendingContactsOf } from './contact-change.ts';
import { endDerivedCredentials } from './derived-credentials.ts';
import { accountKey, assertIdentifiersFree, findUserByAccount } from './identity.ts';
import { createSession, loadGrants, revokeUserSessions } from './session.ts';
import { beginPasswordAttempt } from './sign-in-throttle.ts';
import { createTwoFactorService } from './two-factor.ts';

/** Whether the account's organisation and every organisation above it are in good standing. */
async function orgChainActive(db: Db, orgId: number): Promise<boolean> {
  const row = await sqlRow<{ bad: number }>(
    db,
    sql`
    SELECT count(*)::int AS bad FROM organizations o
    WHERE o.status <> 'NORMAL'
      AND ${inSubtree(orgPathOf(orgId), sql`o.path`)}`,
  );
  return (row?.bad ?? 1) === 0;
}

export type AuthDeps = Pick<AppContext, 'db' | 'config'>;

export function createAuthService(deps: AuthDeps) {
  return { ...createSignIn(deps), ...createSelfService(deps), ...createUserInfo(deps) };
}

/** The second factor, and the session a sign-in opens. */
function createSignInSteps(ctx: AuthDeps) {
  const { db, config } = ctx;
  const twoFactor = createTwoFactorService(ctx);

  async function signIn(userId: number, meta: { ip: string; userAgent?: string }) {
    return createSession(db, userId, config.SESSION_DAYS, meta);
  }
  return { twoFactor, signIn };
}

/** Signing in (with a password, or as the demo account). */
function createSignIn(ctx: AuthDeps) {
  const { db, config } = ctx;
  const { twoFactor, signIn } = createSignInSteps(ctx);
  return {
    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<LoginResult> {
      const user = await findUserByAccount(db, body.account);
      // The lock belongs to the account, whichever of its identifiers (name, e-mail, phone) is typed.
      const key = accountKey(user ? user.username : body.account);
      const attempt = await beginPasswordAttempt(db, key, meta.ip);
      let ok = false;
      if (body.loginType === 'code') {
        try {
          // The code was sent to a contact; the account typed must be that contact, and it opens only its holder.
          const type = body.account.includes('@') ? 'EMAIL' : 'MOBILE';
          const contact = await consumeCode(db, {
            contactType: type,
            contact: body.account,
            purpose: 'LOGIN',
            code: body.code!,
          });
          ok = !!user && (type === 'EMAIL' ? user.email : user.phone) === contact;
        } catch {
          ok = false;
        }
      } else if (user) {
        ok = await verifyPassword(user.passwordHash, body.password!);
      } else {
        await verifyDecoy(body.password!);
      }
      const active =
        ok && user && user.status === 'NORMAL' && !user.readOnly && (await orgChainActive(db, user.orgId));
      if (active) await attempt.succeeded();
      if (!ok || !user) {
        await audit(db, null, {
          action: 'auth.loginFailed',
          targetType: 'account',
          targetId: key,
          ip: meta.ip,
        });
        throw new AppError(400, body.loginType === 'code' ? 'auth.badCode' : 'auth.badCredentials');
      }
      // Frozen or stopped: say so only to someone who proved they own the account.
      if (!active) {
        await revokeUserSessions(db, user.id);
        throw user.readOnly
          ? new AppError(400, 'auth.badCredentials')
          : new AppError(403, 'auth.accountDisabled');
      }
      // Consent is kept with the account: asked for (after the credentials, so that the answer tells a
      // stranger nothing) until the user has agreed once.
      if (!user.consentedAt) {
        if (body.agree !== true) throw invalidField('agree', 'validation.consent');
        await db.update(users).set({ consentedAt: new Date() }).where(eq(users.id, user.id));
        await audit(
          db,
          { userId: user.id, username: user.username, orgId: user.orgId },
          { action: 'auth.consent', ip: meta.ip },
        );
      }
      // With a second factor (or an organisation requiring one) a challenge instead of a session.
      const second = await twoFactor.secondFactorStep(user, body.trustedDevices, meta);
      if ('challenge' in second) return second.challenge;
      await audit(
        db,
        { userId: user.id, username: user.username, orgId: user.orgId },
        { action: 'auth.login', ip: meta.ip, ...(second.detail ? { detail: second.detail } : {}) },
      );
      return signIn(user.id, meta);
    },

    async demoLogin(meta: { ip: string; userAgent?: string }): Promise<string> {
      if (!config.demo) throw new AppError(404, 'auth.demoUnavailable');
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.username, 'demo'), eq(users.readOnly, true)));
      if (user?.status !== 'NORMAL') throw new AppError(404, 'auth.demoUnavailable');
      return signIn(user.id, meta);
    },
  };
}

/** Registering, and a forgotten password. */
function createSelfService(ctx: AuthDeps) {
  const { db, config } = ctx;
  return {
    async register(body: RegisterBody, ip: string) {
      refuseCommonPassword(body.password, 'password');
      const contact = await consumeCode(db, {
        contactType: body.contactType,
        contact: body.contact,
        purpose: 'REGISTER',
        code: body.code,
      });
      await assertIdentifiersFree(
        db,
        body.contactType === 'EMAIL'
          ? { username: body.username, email: contact }
          : { username: body.username, phone: contact },
        { contactField: 'contact' },
      );
      // A self-registered account is a house owner of its own, under the provider, until an installer adds plants.
      const [root] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.type, 'PROVIDER'))
        .orderBy(organizations.id)
        .limit(1);
      const [ownerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'OWNER'));
      await db.transaction(async (tx) => {
        const orgId = await createOrg(tx, {
          name: body.nickname || body.username,
          type: 'OWNER',
          parentId: root!.id,
        });
        const [user] = await tx
          .insert(users)
          .values({
            orgId,
            username: body.username,
            nickname: body.nickname || body.username,
            email: body.contactType === 'EMAIL' ? contact : null,
            phone: body.contactType === 'MOBILE' ? contact : null,
            passwordHash: await hashPassword(body.password),
            consentedAt: new Date(),
          })
          .returning({ id: users.id });
        if (ownerRole) await tx.insert(userRoles).values({ userId: user!.id, roleId: ownerRole.id });
        await audit(
          tx,
          { userId: user!.id, username: body.username, orgId },
          { action: 'auth.register', ip },
        );
      });
    },

    async forget(body: ForgetBody, ip: string) {
      refuseCommonPassword(body.password, 'password');
      const contact = await consumeCode(db, {
        contactType: body.contactType,
        contact: body.contact,
        purpose: 'FORGET',
        code: body.code,
      });
      const [user] = await db
        .select()
        .from(users)
        .where(eq(body.contactType === 'EMAIL' ? users.email : users.phone, contact));
      if (!user || user.readOnly)
        throw new AppError(400, 'auth.badCode', {}, [{ field: 'code', key: 'auth.badCode' }]);
      const passwordHash = await hashPassword(body.password);
      const who = { userId: user.id, username: user.username, orgId: user.orgId };
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await audit(tx, who, { action: 'auth.passwordForgotten', ip });
        await endDerivedCredentials(tx, user.id, 'passwordReset', {
          by: who,
          ip,
          appTitle: config.APP_TITLE,
        });
      });
    },
  };
}

function createUserInfo(ctx: AuthDeps) {
  const { db, config } = ctx;
  return {
    async userInfo(caller: Caller): Promise<UserInfo> {
      const [row] = await db
        .select({ user: users, orgName: organizations.name, orgType: organizations.type })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.id, caller.userId));
      if (!row) throw new AppError(401, 'auth.sessionExpired');
      const { rolePermList, dataScope } = await loadGrants(db, caller.userId);
      const pending = await pendingContactsOf(db, [caller.userId]);
      const u = row.user;
      return {
        user: {
          id: u.id,
          username: u.username,
          nickname: u.nickname,
          name: u.name,
          email: maskContact(u.email),
          phone: maskContact(u.phone),
          orgId: u.orgId,
          orgName: row.orgName,
          orgType: row.orgType,
          readOnly: u.readOnly,
          createTime: u.createdAt.toISOString(),
          pendingEmail: maskContact(pending.find((p) => p.type === 'EMAIL')?.contact),
          pendingPhone: maskContact(pending.find((p) => p.type === 'MOBILE')?.contact),
        },
        rolePermList,
        dataScope,
        appTitle: config.APP_TITLE,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
