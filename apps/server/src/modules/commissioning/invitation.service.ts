import type { PageResult } from '@pvstar/contract/api';
import {
  INVITATION_DAYS,
  type InvitationAcceptBody,
  type InvitationAddBody,
  type InvitationInfo,
  type InvitationRow,
  type InvitationState,
  type MyConsent,
} from '@pvstar/contract/commissioning';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { PERM } from '@pvstar/contract/perm';
import { maskContact } from '@pvstar/contract/validation';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  organizations,
  ownerInvitations,
  plantConsents,
  plants,
  roles,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import type { Caller } from '../../domain/caller.ts';
import { plantScope, scopedPlant } from '../../domain/plants.ts';
import { audit } from '../../lib/audit.ts';
import { hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { refuseCommonPassword } from '../../lib/passwords.ts';
import { normalizeContact } from '../auth/codes.ts';
import { accountKey } from '../auth/identity.ts';
import { beginPasswordAttempt } from '../auth/sign-in-throttle.ts';
import { freeUsername } from '../plant/plant-owner.ts';
import { requireManager } from '../role/role-access.ts';

const DAY_MS = 86_400_000;

/** The invitation page's link (a hash route of the web app; the token stays out of servers' logs). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/#/invitation?token=${encodeURIComponent(token)}`;

export function invitationState(
  i: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = Date.now(),
): InvitationState {
  if (i.acceptedAt) return 'ACCEPTED';
  if (i.revokedAt) return 'REVOKED';
  if (i.expiresAt.getTime() <= now) return 'EXPIRED';
  return 'PENDING';
}

/** Every way a token can fail answers the same 404, so nothing tells "used" from "never existed". */
const unavailable = () => new AppError(404, 'invitation.unavailable');

/**
 * The account the invitation's address already has, if any: only its own password links it, and only an
 * owner's account. The password check is a sign-in attempt at that account, throttled and counted with the
 * others. Without one, the new account's password must not be a common one.
 */
async function existingAccount(
  db: Db,
  invitation: typeof ownerInvitations.$inferSelect,
  password: string,
  ip: string,
) {
  const [existing] = await db
    .select({ user: users, orgType: organizations.type })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(users.email, invitation.email));
  if (existing) {
    const key = accountKey(existing.user.username);
    const attempt = await beginPasswordAttempt(db, key, ip, { invitationId: invitation.id });
    if (!(await verifyPassword(existing.user.passwordHash, password))) {
      await audit(db, null, {
        action: 'auth.loginFailed',
        targetType: 'account',
        targetId: key,
        detail: { invitationId: invitation.id },
        ip,
      });
      throw new AppError(400, 'invitation.wrongPassword', {}, [
        { field: 'password', key: 'invitation.wrongPassword' },
      ]);
    }
    await attempt.succeeded();
    if (existing.orgType !== 'OWNER' || existing.user.readOnly || existing.user.status !== 'NORMAL')
      throw conflict('invitation.accountNotOwner', 'password');
  } else refuseCommonPassword(password, 'password');
  return existing;
}

/** The owner's new account: an owner organisation under the plant's, a free username, the OWNER role. */
async function newOwnerAccount(
  tx: Tx,
  invitation: typeof ownerInvitations.$inferSelect,
  plantOrgId: number,
  password: string,
  ownerRoleId: number,
) {
  const orgId = await createOrg(tx, { name: invitation.name, type: 'OWNER', parentId: plantOrgId });
  const username = await freeUsername(
    tx,
    { name: invitation.name, contactType: 'EMAIL', contact: invitation.email },
    invitation.email,
  );
  const [made] = await tx
    .insert(users)
    .values({
      orgId,
      username,
      nickname: invitation.name,
      name: invitation.name,
      email: invitation.email,
      passwordHash: await hashPassword(password),
      lang: invitation.lang,
      consentedAt: new Date(),
      createdBy: invitation.createdBy,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: made!.id, roleId: ownerRoleId });
  return { id: made!.id, username, orgId };
}

export type InvitationDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * The owner's invitation (decision 025): a plant's managers send it to an e-mail address; the link's
 * 256-bit token is kept only as its SHA-256, expires after INVITATION_DAYS days and works once. Accepting
 * makes a new owner account (an owner organisation under the plant's, the built-in owner role) with the
 * password the owner sets — or, when the address already has an owner account, links that account after
 * its password — makes it the plant's owner and records the consent to share the plant's data with the
 * installer.
 */
export function createInvitationService(deps: InvitationDeps) {
  return {
    ...createInvitationAdd(deps),
    ...createInvitationList(deps),
    ...createInvitationAccept(deps),
    ...createOwnerConsents(deps),
  };
}

/** The portal's address for the links, and a live invitation by its token. */
function createInvitationLinks(ctx: InvitationDeps) {
  const { db, config } = ctx;
  const publicUrl = () => config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;

  /** A live invitation by its token, with its plant and the plant's managing organisation. */
  async function live(token: string) {
    const [row] = await db
      .select({ invitation: ownerInvitations, plant: plants, installer: organizations.name })
      .from(ownerInvitations)
      .innerJoin(plants, eq(plants.id, ownerInvitations.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(eq(ownerInvitations.tokenHash, sha256(token)));
    if (!row || invitationState(row.invitation) !== 'PENDING') throw unavailable();
    return row;
  }
  return { publicUrl, live };
}

function createInvitationAdd(ctx: InvitationDeps) {
  const { db, config } = ctx;
  const { publicUrl } = createInvitationLinks(ctx);
  return {
    async add(caller: Caller, body: InvitationAddBody, lang: Lang, ip: string) {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, body.stationId);
      if (plant.ownerUserId !== null) throw conflict('invitation.ownerExists', 'email');
      const email = normalizeContact('EMAIL', body.email);
      const mailLang = body.lang ?? lang;
      const token = newToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
      const [org] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, plant.orgId));
      const id = await db.transaction(async (tx) => {
        // A new invitation replaces the plant's earlier pending ones: one live link at a time.
        await tx
          .update(ownerInvitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(ownerInvitations.plantId, plant.id),
              isNull(ownerInvitations.acceptedAt),
              isNull(ownerInvitations.revokedAt),
            ),
          );
        const [row] = await tx
          .insert(ownerInvitations)
          .values({
            plantId: plant.id,
            email,
            name: body.name,
            lang: mailLang,
            tokenHash: sha256(token),
            createdBy: caller.userId,
            expiresAt,
          })
          .returning({ id: ownerInvitations.id });
        const params = {
          title: config.APP_TITLE,
          name: body.name,
          plant: plant.name,
          installer: org?.name ?? '',
          link: invitationLink(publicUrl(), token),
          expires: new Intl.DateTimeFormat(mailLang, { dateStyle: 'long', timeZone: plant.timezone }).format(
            expiresAt,
          ),
        };
        await queueMessage(tx, {
          channel: 'EMAIL',
          recipient: email,
          subject: translate(mailLang, 'mail.invitation.subject', params),
          body: translate(mailLang, 'mail.invitation.body', params),
        });
        // Never the token: only whoever holds the mail may accept.
        await audit(tx, caller, {
          action: 'invitation.add',
          targetType: 'plant',
          targetId: plant.id,
          detail: { invitationId: row!.id, email: maskContact(email), expiresAt: expiresAt.toISOString() },
          ip,
        });
        return row!.id;
      });
      return { id, expiresAt: expiresAt.toISOString() };
    },
  };
}

/** A plant's invitations, revoking one, and what the link shows. */
function createInvitationList(ctx: InvitationDeps) {
  const { db } = ctx;
  const { live } = createInvitationLinks(ctx);
  return {
    async page(caller: Caller, stationId: number): Promise<PageResult<InvitationRow>> {
      await requireManager(db, caller, [PERM.stationEdit]);
      const plant = await scopedPlant(db, caller, stationId);
      const rows = await db
        .select({ i: ownerInvitations, createdBy: users.username })
        .from(ownerInvitations)
        .leftJoin(users, eq(users.id, ownerInvitations.createdBy))
        .where(eq(ownerInvitations.plantId, plant.id))
        .orderBy(desc(ownerInvitations.createdAt), desc(ownerInvitations.id));
      const now = Date.now();
      return {
        total: rows.length,
        list: rows.map(({ i, createdBy }) => ({
          id: i.id,
          email: i.email,
          name: i.name,
          state: invitationState(i, now),
          createdAt: i.createdAt.toISOString(),
          createdBy,
          expiresAt: i.expiresAt.toISOString(),
          acceptedAt: i.acceptedAt?.toISOString() ?? null,
        })),
      };
    },

    async revoke(caller: Caller, id: number, ip: string) {
      await requireManager(db, caller, [PERM.stationEdit]);
      const [row] = await db
        .select({ i: ownerInvitations })
        .from(ownerInvitations)
        .innerJoin(plants, eq(plants.id, ownerInvitations.plantId))
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .where(and(eq(ownerInvitations.id, id), plantScope(caller)));
      if (!row) throw notFound();
      if (invitationState(row.i) !== 'PENDING') return;
      await db.update(ownerInvitations).set({ revokedAt: new Date() }).where(eq(ownerInvitations.id, id));
      await audit(db, caller, {
        action: 'invitation.revoke',
        targetType: 'plant',
        targetId: row.i.plantId,
        detail: { invitationId: id },
        ip,
      });
    },

    /** What the invitation page shows: the plant's and installer's names, the address the mail went to. */
    async info(token: string): Promise<InvitationInfo> {
      const { invitation, plant, installer } = await live(token);
      const [account] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, invitation.email));
      return {
        stationName: plant.name,
        installer,
        name: invitation.name,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        existingAccount: Boolean(account),
      };
    },
  };
}

function createInvitationAccept(ctx: InvitationDeps) {
  const { db } = ctx;
  const { live } = createInvitationLinks(ctx);
  return {
    async accept(body: InvitationAcceptBody, ip: string): Promise<{ username: string }> {
      const { invitation, plant } = await live(body.token);
      const existing = await existingAccount(db, invitation, body.password, ip);
      const [ownerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'OWNER'));
      if (!ownerRole) throw new Error('the built-in OWNER role is missing');
      return db.transaction(async (tx) => {
        // Single use: the first transaction to mark it wins; a second (or parallel) accept finds it taken.
        const [claimed] = await tx
          .update(ownerInvitations)
          .set({ acceptedAt: new Date() })
          .where(
            and(
              eq(ownerInvitations.id, invitation.id),
              isNull(ownerInvitations.acceptedAt),
              isNull(ownerInvitations.revokedAt),
            ),
          )
          .returning({ id: ownerInvitations.id });
        if (!claimed) throw unavailable();
        const [current] = await tx
          .select({ ownerUserId: plants.ownerUserId })
          .from(plants)
          .where(eq(plants.id, plant.id))
          .for('update');
        if (current?.ownerUserId != null && current.ownerUserId !== existing?.user.id) throw unavailable();
        const user = existing
          ? existing.user
          : await newOwnerAccount(tx, invitation, plant.orgId, body.password, ownerRole.id);
        await tx
          .update(plants)
          .set({
            ownerUserId: user.id,
            ownerName: plant.ownerName ?? invitation.name,
            ownerContactType: 'EMAIL',
            ownerContact: invitation.email,
          })
          .where(eq(plants.id, plant.id));
        await tx
          .update(ownerInvitations)
          .set({ acceptedUserId: user.id })
          .where(eq(ownerInvitations.id, invitation.id));
        const consent = { orgId: plant.orgId, givenAt: new Date(), withdrawnAt: null };
        await tx
          .insert(plantConsents)
          .values({ plantId: plant.id, userId: user.id, ...consent })
          .onConflictDoUpdate({ target: [plantConsents.plantId, plantConsents.userId], set: consent });
        await audit(
          tx,
          { userId: user.id, username: user.username, orgId: user.orgId },
          {
            action: 'invitation.accept',
            targetType: 'plant',
            targetId: plant.id,
            detail: { invitationId: invitation.id, newAccount: !existing, consent: true },
            ip,
          },
        );
        return { username: user.username };
      });
    },
  };
}

/** The owner's plants and the consent given to each installer. */
function createOwnerConsents(ctx: InvitationDeps) {
  const { db } = ctx;
  return {
    /** The caller's own plants (as their owner account) with the consent given to each plant's installer. */
    async mine(caller: Caller): Promise<MyConsent[]> {
      const rows = await db
        .select({ plant: plants, installer: organizations.name, consent: plantConsents })
        .from(plants)
        .innerJoin(organizations, eq(organizations.id, plants.orgId))
        .leftJoin(
          plantConsents,
          and(eq(plantConsents.plantId, plants.id), eq(plantConsents.userId, caller.userId)),
        )
        .where(eq(plants.ownerUserId, caller.userId))
        .orderBy(asc(plants.id));
      return rows.map((r) => ({
        stationId: r.plant.id,
        stationName: r.plant.name,
        installer: r.installer,
        consent: {
          given: Boolean(r.consent && r.consent.withdrawnAt === null),
          givenAt: r.consent?.givenAt.toISOString() ?? null,
          withdrawnAt: r.consent?.withdrawnAt?.toISOString() ?? null,
        },
      }));
    },

    /** Withdraws (or gives again) the consent for a plant the caller owns; another plant answers 404. */
    async setConsent(caller: Caller, stationId: number, given: boolean, ip: string) {
      const [plant] = await db
        .select({ id: plants.id, orgId: plants.orgId })
        .from(plants)
        .where(and(eq(plants.id, stationId), eq(plants.ownerUserId, caller.userId)));
      if (!plant) throw notFound();
      const values = given
        ? { orgId: plant.orgId, givenAt: new Date(), withdrawnAt: null }
        : { withdrawnAt: new Date() };
      await db
        .insert(plantConsents)
        .values({ plantId: plant.id, userId: caller.userId, orgId: plant.orgId, ...values })
        .onConflictDoUpdate({ target: [plantConsents.plantId, plantConsents.userId], set: values });
      await audit(db, caller, {
        action: given ? 'consent.grant' : 'consent.withdraw',
        targetType: 'plant',
        targetId: plant.id,
        detail: { orgId: plant.orgId },
        ip,
      });
    },
  };
}
