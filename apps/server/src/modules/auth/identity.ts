import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { normalizeContact } from './codes.ts';

/**
 * User names, e-mails and phones share one namespace: whatever is typed at sign-in must name one account.
 * Contacts are unique by index; this adds the rule across columns (a user name may not be another
 * account's e-mail or phone).
 */

export const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 254);

/** What a typed identifier may be: a phone only when it looks like one (digits, spaces, dashes, brackets, +). */
const PHONE_SHAPE = /^\+?[\d\s()-]{6,}$/;
export const asPhone = (account: string) =>
  PHONE_SHAPE.test(account.trim()) ? normalizeContact('MOBILE', account) : null;

/** The predicate on users matching an identifier as user name, e-mail or phone. */
export function identifierMatch(account: string): SQL {
  const key = accountKey(account);
  const phone = asPhone(account);
  return or(
    sql`lower(${users.username}) = ${key}`,
    eq(users.email, key),
    phone ? eq(users.phone, phone) : sql`FALSE`,
  )!;
}

/** The one account an identifier names; none when it names none or (legacy data) several. */
export async function findUserByAccount(db: Db, account: string) {
  const found = await db.select().from(users).where(identifierMatch(account)).limit(2);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Refuses (409 naming the field) a user name, e-mail or phone that another account already answers to.
 * Contacts are in their stored form.
 */
export async function assertIdentifiersFree(
  db: DbOrTx,
  fields: { username?: string; email?: string | null; phone?: string | null },
  opts: { exceptId?: number; contactField?: string } = {},
) {
  const { exceptId } = opts;
  const others = (match: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(match, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
      .limit(1);
  if (fields.username) {
    const key = accountKey(fields.username);
    const phone = asPhone(fields.username);
    const [taken] = await others(
      or(
        sql`lower(${users.username}) = ${key}`,
        eq(users.email, key),
        phone ? eq(users.phone, phone) : undefined,
      )!,
    );
    if (taken) throw conflict('auth.usernameTaken', 'username');
  }
  if (fields.email) {
    const [taken] = await others(
      or(eq(users.email, fields.email), sql`lower(${users.username}) = ${fields.email}`)!,
    );
    if (taken) throw conflict('auth.contactTaken', opts.contactField ?? 'email');
  }
  if (fields.phone) {
    const [taken] = await others(
      or(eq(users.phone, fields.phone), sql`'+' || lower(${users.username}) = ${fields.phone}`)!,
    );
    if (taken) throw conflict('auth.contactTaken', opts.contactField ?? 'phone');
  }
}

/** An account that answers to a contact (in its stored form), as its contact or as its user name. */
export async function contactHolder(db: DbOrTx, type: 'EMAIL' | 'MOBILE', contact: string) {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      type === 'EMAIL'
        ? or(eq(users.email, contact), sql`lower(${users.username}) = ${contact}`)
        : or(eq(users.phone, contact), sql`'+' || lower(${users.username}) = ${contact}`),
    )
    .limit(1);
  return holder;
}
