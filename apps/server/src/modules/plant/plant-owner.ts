import type { ContactType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizations, roles, userRoles, users } from '../../db/schema/index.ts';
import { createOrg } from '../../db/seed/seed.ts';
import { orgInScope } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { generatePassword, hashPassword, md5 } from '../../lib/crypto.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { normalizeContact } from '../auth/codes.ts';
import { contactHolder, identifierMatch } from '../auth/identity.ts';

export interface OwnerInput {
  name: string;
  contactType: ContactType;
  contact: string;
}

/** A free user name from the contact: the e-mail's local part or "owner" and the phone's last digits. */
export async function freeUsername(tx: Tx, owner: OwnerInput, contact: string): Promise<string> {
  const base =
    owner.contactType === 'EMAIL'
      ? (contact.split('@')[0] ?? '')
          .replace(/[^a-z0-9_.-]/g, '')
          .replace(/^[^a-z0-9]+/, '')
          .slice(0, 24)
      : `owner${contact.replace(/\D/g, '').slice(-6)}`;
  const stem = base.length >= 3 ? base : `owner${base}`;
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? stem : `${stem}${n + 1}`;
    const [taken] = await tx.select({ id: users.id }).from(users).where(identifierMatch(candidate));
    if (!taken) return candidate;
  }
  return `${stem}${Date.now().toString(36)}`;
}

/**
 * Who owns a plant, by the owner's contact (inside the plant's transaction):
 * - an account with that contact in an owner organisation within the caller's scope: linked;
 * - no account with that contact: a house-owner organisation under the plant's organisation and an
 *   account with the built-in owner role are created, and a welcome message with a generated password
 *   is queued to the contact;
 * - an account the caller may not see (or one that is no owner): nothing is linked, and the answer is
 *   the same as for a stored contact, so the caller learns nothing about that account.
 */
export async function resolveOwner(
  tx: Tx,
  caller: Caller,
  plantOrgId: number,
  owner: OwnerInput,
  opts: { lang: Lang; appTitle: string },
): Promise<{ ownerUserId: number | null; contact: string; createdUserId?: number }> {
  const contact = normalizeContact(owner.contactType, owner.contact);
  const column = owner.contactType === 'EMAIL' ? users.email : users.phone;
  const [existing] = await tx
    .select({
      id: users.id,
      orgId: organizations.id,
      orgPath: organizations.path,
      orgType: organizations.type,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .where(eq(column, contact));
  if (existing) {
    const linkable =
      existing.orgType === 'OWNER' && orgInScope(caller, { id: existing.orgId, path: existing.orgPath });
    return { ownerUserId: linkable ? existing.id : null, contact };
  }
  // Another account's user name: a new account may not answer to it too (and the caller learns nothing).
  if (await contactHolder(tx, owner.contactType, contact)) return { ownerUserId: null, contact };

  const orgId = await createOrg(tx, { name: owner.name, type: 'OWNER', parentId: plantOrgId });
  await tx.update(organizations).set({ createdBy: caller.userId }).where(eq(organizations.id, orgId));
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'OWNER'));
  if (!role) throw new Error('the built-in OWNER role is missing');
  const username = await freeUsername(tx, owner, contact);
  const password = generatePassword();
  const [user] = await tx
    .insert(users)
    .values({
      orgId,
      username,
      nickname: owner.name,
      name: owner.name,
      email: owner.contactType === 'EMAIL' ? contact : null,
      phone: owner.contactType === 'MOBILE' ? contact : null,
      passwordHash: await hashPassword(md5(password)),
      lang: opts.lang,
      createdBy: caller.userId,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  await queueMessage(tx, {
    channel: owner.contactType === 'EMAIL' ? 'EMAIL' : 'SMS',
    recipient: contact,
    subject: translate(opts.lang, 'mail.welcomeSubject', { title: opts.appTitle }),
    body: translate(opts.lang, 'mail.welcomeBody', { password, username }),
  });
  return { ownerUserId: user!.id, contact, createdUserId: user!.id };
}
