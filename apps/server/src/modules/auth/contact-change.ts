import type { ContactType } from '@pvstar/contract/enums';
import { resolveLang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { maskContact } from '@pvstar/contract/validation';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pendingContacts, users } from '../../db/schema/index.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { audit } from '../../lib/audit.ts';
import { safeEqual, sha256, sixDigitCode } from '../../lib/crypto.ts';
import { queueMessage } from '../../lib/mailer.ts';
import { assertIdentifiersFree } from './identity.ts';

/** Long enough for the user to next sign in; the stored contact stays in force meanwhile. */
const PENDING_TTL_MS = 7 * 24 * 3600_000;
const MAX_ATTEMPTS = 5;

type Recipient = { username: string; email: string | null; phone: string | null; lang: string | null };

const channelOf = (type: ContactType) => (type === 'EMAIL' ? 'EMAIL' : 'SMS');

/** Tells the user, on the contact being replaced, in the user's own language. */
async function noticeToOldContact(
  db: DbOrTx,
  user: Recipient,
  type: ContactType,
  kind: 'Requested' | 'Changed',
  newContact: string,
  appTitle: string,
) {
  const old = type === 'EMAIL' ? user.email : user.phone;
  if (!old) return;
  const lang = resolveLang(user.lang);
  const params = { title: appTitle, username: user.username, contact: maskContact(newContact) ?? '' };
  await queueMessage(db, {
    channel: channelOf(type),
    recipient: old,
    subject: translate(lang, `mail.contact${kind}Subject`, params),
    body: translate(lang, `mail.contact${kind}Body`, params),
  });
}

/**
 * A new e-mail or phone set by someone else (an administrator): stored as pending, a code goes to the new
 * contact and a notice to the old one. Only the user, signed in, makes it take effect (docs/decisions/009).
 */
export async function requestContactChange(
  db: Db,
  caller: Caller,
  user: Recipient & { id: number },
  change: { type: ContactType; contact: string },
  meta: { appTitle: string; ip: string },
) {
  const code = sixDigitCode();
  await db.transaction(async (tx) => {
    await tx
      .delete(pendingContacts)
      .where(and(eq(pendingContacts.userId, user.id), eq(pendingContacts.contactType, change.type)));
    await tx.insert(pendingContacts).values({
      userId: user.id,
      contactType: change.type,
      contact: change.contact,
      codeHash: sha256(`${change.contact}:${code}`),
      requestedBy: caller.userId,
      expiresAt: new Date(Date.now() + PENDING_TTL_MS),
    });
    const lang = resolveLang(user.lang);
    await queueMessage(tx, {
      channel: channelOf(change.type),
      recipient: change.contact,
      subject: translate(lang, 'mail.contactConfirmSubject', { title: meta.appTitle }),
      body: translate(lang, 'mail.contactConfirmBody', { code, username: user.username }),
    });
    await noticeToOldContact(tx, user, change.type, 'Requested', change.contact, meta.appTitle);
    await audit(tx, caller, {
      action: 'user.contactChangeRequested',
      targetType: 'user',
      targetId: user.id,
      detail: { contactType: change.type, contact: maskContact(change.contact) },
      ip: meta.ip,
    });
  });
}

/** The contacts waiting for the user's confirmation, by type. */
export async function pendingContactsOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: pendingContacts.userId,
      type: pendingContacts.contactType,
      contact: pendingContacts.contact,
    })
    .from(pendingContacts)
    .where(and(inArray(pendingContacts.userId, userIds), sql`${pendingContacts.expiresAt} > now()`));
}

/** The user confirms, signed in, with the code sent to the new contact: it replaces the stored one. */
export async function confirmContactChange(
  db: Db,
  caller: Caller,
  body: { contactType: ContactType; code: string },
  meta: { appTitle: string; ip: string },
) {
  const bad = new AppError(400, 'auth.badCode', {}, [{ field: 'code', key: 'auth.badCode' }]);
  const [pending] = await db
    .select()
    .from(pendingContacts)
    .where(
      and(
        eq(pendingContacts.userId, caller.userId),
        eq(pendingContacts.contactType, body.contactType),
        sql`${pendingContacts.expiresAt} > now()`,
      ),
    );
  if (!pending || pending.attempts >= MAX_ATTEMPTS) throw bad;
  if (!safeEqual(pending.codeHash, sha256(`${pending.contact}:${body.code}`))) {
    await db
      .update(pendingContacts)
      .set({ attempts: sql`${pendingContacts.attempts} + 1` })
      .where(eq(pendingContacts.id, pending.id));
    throw bad;
  }
  // Someone may have taken the contact meanwhile.
  await assertIdentifiersFree(
    db,
    body.contactType === 'EMAIL' ? { email: pending.contact } : { phone: pending.contact },
    { exceptId: caller.userId, contactField: 'code' },
  );
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw new AppError(401, 'auth.sessionExpired');
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(pendingContacts)
      .where(eq(pendingContacts.id, pending.id))
      .returning({ id: pendingContacts.id });
    if (deleted.length === 0) throw bad;
    await tx
      .update(users)
      .set(
        body.contactType === 'EMAIL'
          ? { email: pending.contact, updatedAt: new Date() }
          : { phone: pending.contact, updatedAt: new Date() },
      )
      .where(eq(users.id, caller.userId));
    await noticeToOldContact(tx, user, body.contactType, 'Changed', pending.contact, meta.appTitle);
    await audit(tx, caller, {
      action: 'account.contactChangeConfirmed',
      targetType: 'user',
      targetId: caller.userId,
      detail: { contactType: body.contactType, requestedBy: pending.requestedBy },
      ip: meta.ip,
    });
  });
}

/** A contact the user bound themself (with a code) replaces any pending one; the old contact hears of it. */
export async function contactBoundBySelf(
  db: Db,
  user: Recipient & { id: number },
  type: ContactType,
  contact: string,
  appTitle: string,
) {
  await db
    .delete(pendingContacts)
    .where(and(eq(pendingContacts.userId, user.id), eq(pendingContacts.contactType, type)));
  if ((type === 'EMAIL' ? user.email : user.phone) !== contact)
    await noticeToOldContact(db, user, type, 'Changed', contact, appTitle);
}
