import type { ForgetBody, LoginBody, RegisterBody, UserInfo } from '@pvstar/contract/auth';
import type { OrgType } from '@pvstar/contract/enums';
import type { LoginResult } from '@pvstar/contract/two-factor';
import { maskContact } from '@pvstar/contract/validation';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { loginAttempts, organizations, roles, userRoles, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/crypto.ts';
import { consumeCode, normalizeContact } from './codes.ts';
import { createSession, loadGrants, revokeUserSessions } from './session.ts';
import { createTwoFactorService } from './two-factor.ts';

const LOCK_FAILURES = 5;
const LOCK_WINDOW_MS = 15 * 60_000;

export const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 254);

/** A user name, e-mail or phone number, as typed. */
export async function findUserByAccount(db: Db, account: string) {
  const key = accountKey(account);
  const phone = normalizeContact('MOBILE', account);
  const [user] = await db
    .select()
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = ${key}`,
        eq(users.email, key),
        phone.length >= 6 ? eq(users.phone, phone) : sql`FALSE`,
      ),
    )
    .limit(1);
  return user;
}

/** Locked when the last five attempts since the last success are failures within 15 minutes, the newest under 15 minutes old. */
async function isLocked(db: Db, key: string): Promise<boolean> {
  const recent = await db
    .select({ success: loginAttempts.success, at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.accountKey, key),
        gt(loginAttempts.createdAt, new Date(Date.now() - 2 * LOCK_WINDOW_MS)),
      ),
    )
    .orderBy(desc(loginAttempts.id))
    .limit(LOCK_FAILURES);
  if (recent.length < LOCK_FAILURES || recent.some((r) => r.success)) return false;
  const newest = recent[0]!.at.getTime();
  const oldest = recent[recent.length - 1]!.at.getTime();
  return newest - oldest <= LOCK_WINDOW_MS && Date.now() - newest < LOCK_WINDOW_MS;
}

/** Whether the account's organisation and every organisation above it are in good standing. */
async function orgChainActive(db: Db, orgId: number): Promise<boolean> {
  const [row] = (
    await db.execute(sql`
    SELECT count(*)::int AS bad FROM organizations o
    WHERE o.status <> 'NORMAL'
      AND (SELECT path FROM organizations WHERE id = ${orgId}) LIKE o.path || '%'`)
  ).rows as { bad: number }[];
  return (row?.bad ?? 1) === 0;
}

export function createAuthService(ctx: AppContext) {
  const { db, config } = ctx;
  const twoFactor = createTwoFactorService(ctx);

  async function signIn(userId: number, meta: { ip: string; userAgent?: string }) {
    return createSession(db, userId, config.SESSION_DAYS, meta);
  }

  return {
    async login(body: LoginBody, meta: { ip: string; userAgent?: string }): Promise<LoginResult> {
      const user = await findUserByAccount(db, body.account);
      // The lock belongs to the account, whichever of its identifiers (name, e-mail, phone) is typed.
      const key = accountKey(user ? user.username : body.account);
      if (await isLocked(db, key)) throw new AppError(429, 'auth.tryLater');
      let ok = false;
      if (body.loginType === 'code') {
        try {
          // The code was sent to a contact; the account typed must be that contact.
          const type = body.account.includes('@') ? 'EMAIL' : 'MOBILE';
          await consumeCode(db, {
            contactType: type,
            contact: body.account,
            purpose: 'LOGIN',
            code: body.code!,
          });
          ok = !!user;
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
      await db.insert(loginAttempts).values({ accountKey: key, ip: meta.ip, success: !!active });
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
      // Issue 17: with a second factor (or an organisation requiring one) a challenge instead of a session.
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

    async register(body: RegisterBody, ip: string) {
      const contact = await consumeCode(db, {
        contactType: body.contactType,
        contact: body.contact,
        purpose: 'REGISTER',
        code: body.code,
      });
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${accountKey(body.username)}`);
      if (taken)
        throw new AppError(409, 'auth.usernameTaken', {}, [{ field: 'username', key: 'auth.usernameTaken' }]);
      const contactCol = body.contactType === 'EMAIL' ? users.email : users.phone;
      const [used] = await db.select({ id: users.id }).from(users).where(eq(contactCol, contact));
      if (used)
        throw new AppError(409, 'auth.contactTaken', {}, [{ field: 'contact', key: 'auth.contactTaken' }]);
      // A self-registered account is a house owner of its own, under the provider, until an installer adds plants.
      const [root] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.type, 'PROVIDER'))
        .orderBy(organizations.id)
        .limit(1);
      const [ownerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'OWNER'));
      await db.transaction(async (tx) => {
        const orgId = await createOrg(tx as Db, {
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
          })
          .returning({ id: users.id });
        if (ownerRole) await tx.insert(userRoles).values({ userId: user!.id, roleId: ownerRole.id });
        await audit(
          tx as Db,
          { userId: user!.id, username: body.username, orgId },
          { action: 'auth.register', ip },
        );
      });
    },

    async forget(body: ForgetBody, ip: string) {
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
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(body.password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await revokeUserSessions(db, user.id);
      await audit(
        db,
        { userId: user.id, username: user.username, orgId: user.orgId },
        { action: 'auth.passwordForgotten', ip },
      );
    },

    async userInfo(caller: Caller): Promise<UserInfo> {
      const [row] = await db
        .select({ user: users, orgName: organizations.name, orgType: organizations.type })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(users.id, caller.userId));
      if (!row) throw new AppError(401, 'auth.sessionExpired');
      const { rolePermList, dataScope } = await loadGrants(db, caller.userId);
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
          orgType: row.orgType as OrgType,
          readOnly: u.readOnly,
          createTime: u.createdAt.toISOString(),
        },
        rolePermList,
        dataScope,
        appTitle: config.APP_TITLE,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
