import type { PageQuery, PageResult } from '@pvstar/contract/api';
import type { ContactType, OrgType, Status } from '@pvstar/contract/enums';
import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import type { UserAddBody, UserEditBody, UserPageBody, UserRow } from '@pvstar/contract/user';
import { maskContact } from '@pvstar/contract/validation';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contains, pageWindow } from '../../db/lists.ts';
import { organizations, roles, userRoles, users } from '../../db/schema/index.ts';
import { getScopedOrg } from '../../domain/orgs.ts';
import { scopePredicate } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { generatePassword, hashPassword, md5 } from '../../lib/crypto.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { normalizeContact } from '../auth/codes.ts';
import { pendingContactsOf, requestContactChange } from '../auth/contact-change.ts';
import { endDerivedCredentials } from '../auth/derived-credentials.ts';
import { assertIdentifiersFree } from '../auth/identity.ts';
import { revokeUserSessions } from '../auth/session.ts';
import { clearTwoFactor, usersWithSecondFactor } from '../auth/two-factor.ts';
import { canGrant, rolePerms, visibleRoles } from '../role/role-access.ts';

const creator = alias(users, 'creator');

/** Users a caller can see: by the organisation they belong to (SELF: only themselves). */
export const userScope = (caller: Caller): SQL =>
  scopePredicate(caller, { orgPath: organizations.path, orgId: users.orgId, ownerId: users.id });

export type UserDeps = Pick<AppContext, 'db' | 'config'>;

export function createUserService(deps: UserDeps) {
  return {
    ...createUserList(deps),
    ...createUserAccount(deps),
    ...createUserEdit(deps),
    ...createUserSecurity(deps),
  };
}

/** The user in scope, the roles a caller may give, the password mail and the contacts. */
function createUserQueries(ctx: UserDeps) {
  const { db, config } = ctx;
  async function getScopedUser(caller: Caller, id: number) {
    const [row] = await db
      .select({ user: users })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.orgId))
      .where(and(eq(users.id, id), userScope(caller)));
    if (!row) throw notFound();
    return row.user;
  }

  /** The roles must be visible, enabled, grantable by the caller and fit the organisation's type. */
  async function checkRoles(caller: Caller, roleIds: number[], orgType: OrgType) {
    const found = await db
      .select()
      .from(roles)
      .where(and(inArray(roles.id, roleIds), visibleRoles(caller), eq(roles.status, 'ENABLED')));
    if (found.length !== new Set(roleIds).size) throw invalidField('roleIds', 'user.roleNotAssignable', 403);
    const perms = await rolePerms(db, roleIds);
    for (const role of found) {
      const fits = role.roleType === orgType || role.roleType === 'GUEST';
      if (!fits || !canGrant(caller, perms.get(role.id) ?? [], role.dataScope))
        throw invalidField('roleIds', 'user.roleNotAssignable', 403);
    }
  }

  /** Sends a password to the user's e-mail (preferred) or phone, in the caller's language. */
  async function sendPassword(
    user: { username: string; email: string | null; phone: string | null },
    password: string,
    lang: Parameters<typeof translate>[0],
    kind: 'welcome' | 'reset',
    tx: DbOrTx = db,
  ) {
    const recipient = user.email ?? user.phone;
    if (!recipient) throw new AppError(409, 'user.noContact');
    await queueMessage(tx, {
      channel: user.email ? 'EMAIL' : 'SMS',
      recipient,
      subject: translate(lang, `mail.${kind}Subject`, { title: config.APP_TITLE }),
      body: translate(lang, `mail.${kind}Body`, { password, username: user.username }),
    });
  }

  const contacts = (b: { email?: string | null; phone?: string | null }) => ({
    email: b.email ? normalizeContact('EMAIL', b.email) : null,
    phone: b.phone ? normalizeContact('MOBILE', b.phone) : null,
  });
  return { getScopedUser, checkRoles, sendPassword, contacts };
}

function createUserList(ctx: UserDeps) {
  const { db } = ctx;
  const { getScopedUser } = createUserQueries(ctx);
  return {
    getScopedUser,

    async page(caller: Caller, q: PageQuery, f: UserPageBody): Promise<PageResult<UserRow>> {
      const where = and(
        userScope(caller),
        contains(users.username, f.username),
        f.name ? or(contains(users.name, f.name), contains(users.nickname, f.name)) : undefined,
        f.orgId ? eq(users.orgId, f.orgId) : undefined,
        f.status ? eq(users.status, f.status) : undefined,
        f.roleId
          ? sql`${users.id} IN (SELECT user_id FROM user_roles WHERE role_id = ${f.roleId})`
          : undefined,
      );
      const [{ total }] = (await db
        .select({ total: sql<number>`count(*)::int` })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .where(where)) as [{ total: number }];
      const rows = await db
        .select({ user: users, orgName: organizations.name, createBy: creator.username })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.orgId))
        .leftJoin(creator, eq(creator.id, users.createdBy))
        .where(where)
        .orderBy(asc(users.id))
        .limit(pageWindow(q).limit)
        .offset(pageWindow(q).offset);
      const ids = rows.map((r) => r.user.id);
      const pending = await pendingContactsOf(db, ids);
      const pendingOf = (userId: number, type: ContactType) =>
        maskContact(pending.find((p) => p.userId === userId && p.type === type)?.contact);
      const withSecondFactor = await usersWithSecondFactor(db, ids);
      const roleRows = ids.length
        ? await db
            .select({
              userId: userRoles.userId,
              id: roles.id,
              roleName: roles.roleName,
              roleCode: roles.roleCode,
              builtin: roles.builtin,
            })
            .from(userRoles)
            .innerJoin(roles, eq(roles.id, userRoles.roleId))
            .where(inArray(userRoles.userId, ids))
        : [];
      return {
        total,
        list: rows.map(({ user: u, orgName, createBy }) => ({
          id: u.id,
          username: u.username,
          nickname: u.nickname,
          name: u.name,
          orgId: u.orgId,
          orgName,
          email: maskContact(u.email),
          phone: maskContact(u.phone),
          pendingEmail: pendingOf(u.id, 'EMAIL'),
          pendingPhone: pendingOf(u.id, 'MOBILE'),
          roles: roleRows
            .filter((r) => r.userId === u.id)
            .map(({ id, roleName, roleCode, builtin }) => ({ id, roleName, roleCode, builtin })),
          status: u.status,
          readOnly: u.readOnly,
          twoFactor: withSecondFactor.has(u.id),
          createBy: createBy ?? null,
          createTime: u.createdAt.toISOString(),
          registerDate: u.createdAt.toISOString().slice(0, 10),
        })),
      };
    },
  };
}

/** Adding and removing a user, and a new password. */
function createUserAccount(ctx: UserDeps) {
  const { db, config } = ctx;
  const { getScopedUser, checkRoles, sendPassword, contacts } = createUserQueries(ctx);
  return {
    async add(caller: Caller, body: UserAddBody, lang: Parameters<typeof translate>[0], ip: string) {
      if (body.password) refuseCommonPassword(body.password, 'password');
      const org = await getScopedOrg(db, caller, body.orgId).catch(() => {
        throw invalidField('orgId', 'notFound', 404);
      });
      await checkRoles(caller, body.roleIds, org.type);
      const c = contacts(body);
      await assertIdentifiersFree(db, { username: body.username, ...c });
      const generated = body.password ? null : generatePassword();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            orgId: org.id,
            username: body.username,
            nickname: body.nickname,
            name: body.name || null,
            ...c,
            passwordHash: await hashPassword(body.password ?? md5(generated!)),
            createdBy: caller.userId,
          })
          .returning({ id: users.id });
        await tx
          .insert(userRoles)
          .values([...new Set(body.roleIds)].map((roleId) => ({ userId: row!.id, roleId })));
        return row!.id;
      });
      if (generated) await sendPassword({ username: body.username, ...c }, generated, lang, 'welcome');
      await audit(db, caller, {
        action: 'user.add',
        targetType: 'user',
        targetId: id,
        detail: { username: body.username, roleIds: body.roleIds },
        ip,
      });
      return { id };
    },

    async remove(caller: Caller, id: number, ip: string) {
      if (id === caller.userId) throw new AppError(400, 'user.cannotDeleteSelf');
      const user = await getScopedUser(caller, id);
      await db.delete(users).where(eq(users.id, id));
      await audit(db, caller, {
        action: 'user.delete',
        targetType: 'user',
        targetId: id,
        detail: { username: user.username },
        ip,
      });
    },

    async resetPassword(caller: Caller, id: number, lang: Parameters<typeof translate>[0], ip: string) {
      const user = await getScopedUser(caller, id);
      if (user.readOnly) throw forbidden();
      const password = generatePassword();
      const passwordHash = await hashPassword(md5(password));
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
        await audit(tx, caller, { action: 'user.resetPassword', targetType: 'user', targetId: id, ip });
        await endDerivedCredentials(tx, id, 'passwordResetByAdmin', {
          by: caller,
          ip,
          appTitle: config.APP_TITLE,
        });
        // After the notice, so that the new password is the newest message (no contact: nothing changes).
        await sendPassword(user, password, lang, 'reset', tx);
      });
    },
  };
}

/** Editing a user, and enabling or disabling one. */
function createUserEdit(ctx: UserDeps) {
  const { db, config } = ctx;
  const { getScopedUser, checkRoles, contacts } = createUserQueries(ctx);
  return {
    async edit(caller: Caller, body: UserEditBody, ip: string) {
      const user = await getScopedUser(caller, body.id);
      const org = await getScopedOrg(db, caller, body.orgId).catch(() => {
        throw invalidField('orgId', 'notFound', 404);
      });
      await checkRoles(caller, body.roleIds, org.type);
      // Contacts left empty keep what is stored (the form shows them masked); a new one waits for the
      // user's confirmation, so whoever edits cannot redirect the account's password resets to themself.
      const c = contacts(body);
      await assertIdentifiersFree(db, c, { exceptId: user.id });
      const changes = (
        [
          { type: 'EMAIL', contact: c.email && c.email !== user.email ? c.email : null },
          { type: 'MOBILE', contact: c.phone && c.phone !== user.phone ? c.phone : null },
        ] as const
      ).filter((x): x is { type: ContactType; contact: string } => !!x.contact);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            orgId: org.id,
            nickname: body.nickname,
            name: body.name || null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
        await tx
          .insert(userRoles)
          .values([...new Set(body.roleIds)].map((roleId) => ({ userId: user.id, roleId })));
      });
      for (const change of changes)
        await requestContactChange(db, caller, user, change, { appTitle: config.APP_TITLE, ip });
      // A move to another organisation starts over: its standing (frozen or not) applies from the next sign-in.
      if (org.id !== user.orgId) await revokeUserSessions(db, user.id);
      await audit(db, caller, {
        action: 'user.edit',
        targetType: 'user',
        targetId: user.id,
        detail: { roleIds: body.roleIds, orgId: org.id },
        ip,
      });
      return { contactPending: changes.length > 0 };
    },

    async setStatus(caller: Caller, id: number, status: Status, ip: string) {
      if (id === caller.userId) throw new AppError(400, 'user.cannotDeleteSelf');
      const user = await getScopedUser(caller, id);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
        await audit(tx, caller, {
          action: 'user.status',
          targetType: 'user',
          targetId: id,
          detail: { from: user.status, to: status },
          ip,
        });
        // Frozen or stopped, nothing the account had keeps working once it is back to normal.
        if (status !== 'NORMAL' && status !== user.status)
          await endDerivedCredentials(tx, id, status === 'FREEZE' ? 'frozen' : 'stopped', {
            by: caller,
            ip,
            appTitle: config.APP_TITLE,
          });
      });
    },
  };
}

/** Resetting the second factor, and showing a contact in full. */
function createUserSecurity(ctx: UserDeps) {
  const { db, config } = ctx;
  const { getScopedUser } = createUserQueries(ctx);
  return {
    /** Removes a user's second factor (lost phone): the provider's staff only. */
    async resetTwoFactor(caller: Caller, id: number, ip: string) {
      if (caller.orgType !== 'PROVIDER') throw forbidden('twoFactor.providerOnly');
      const user = await getScopedUser(caller, id);
      await db.transaction(async (tx) => {
        await audit(tx, caller, {
          action: 'user.resetTwoFactor',
          targetType: 'user',
          targetId: id,
          detail: { username: user.username },
          ip,
        });
        // Before the factor goes: its remembered devices are counted among what ended.
        await endDerivedCredentials(tx, user.id, 'twoFactorReset', {
          by: caller,
          ip,
          appTitle: config.APP_TITLE,
        });
        await clearTwoFactor(tx, user.id);
      });
    },

    /** Reveals a masked contact: one's own always; another's with the reveal code and in scope. Audited. */
    async revealContact(
      caller: Caller,
      viewType: ContactType,
      id: number,
      ip: string,
    ): Promise<string | null> {
      if (
        id !== caller.userId &&
        ![PERM.userRevealContact, PERM.ownerRevealContact].some((c) => caller.perms.has(c))
      )
        throw forbidden();
      const user = await getScopedUser(caller, id);
      await audit(db, caller, {
        action: 'user.revealContact',
        targetType: 'user',
        targetId: id,
        detail: { viewType },
        ip,
      });
      return viewType === 'EMAIL' ? user.email : user.phone;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
