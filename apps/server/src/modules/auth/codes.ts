import type { CodePurpose, ContactType } from '@pvstar/contract/enums';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { safeEqual, sha256, sixDigitCode } from '../../lib/crypto.ts';
import { queueMessage } from '../../lib/mailer.ts';

const CODE_TTL_MS = 10 * 60_000;
const RESEND_GAP_MS = 60_000;
const MAX_PER_HOUR = 10;
const MAX_ATTEMPTS = 5;

/**
 * E-mail lower-cased, phone as + and its digits: the one form stored and looked up. Numbers are
 * international with the + optional, so 4915… and +49 15… are the same number and must name one account.
 */
export function normalizeContact(type: ContactType, contact: string): string {
  const trimmed = contact.trim();
  if (type === 'EMAIL') return trimmed.toLowerCase();
  const digits = trimmed.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/**
 * Sends a 6-digit code valid for 10 minutes, at most one a minute and ten an hour per contact.
 * `deliver` is false for an unknown account: the caller still gets the same answer.
 */
export async function sendCode(
  db: Db,
  opts: {
    contactType: ContactType;
    contact: string;
    purpose: CodePurpose;
    ip: string;
    lang: Lang;
    appTitle: string;
    deliver: boolean;
  },
) {
  const contact = normalizeContact(opts.contactType, opts.contact);
  const [recent] = (await db
    .select({
      lastMinute: sql<number>`count(*) filter (where ${verificationCodes.createdAt} > now() - interval '1 minute')::int`,
      lastHour: sql<number>`count(*)::int`,
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.contact, contact),
        gt(verificationCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    )) as [{ lastMinute: number; lastHour: number }];
  if (recent.lastMinute > 0 || recent.lastHour >= MAX_PER_HOUR) throw new AppError(429, 'auth.tryLater');
  const code = sixDigitCode();
  await db.insert(verificationCodes).values({
    contact,
    purpose: opts.purpose,
    codeHash: sha256(`${contact}:${code}`),
    ip: opts.ip,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  if (!opts.deliver) return;
  await queueMessage(db, {
    channel: opts.contactType === 'EMAIL' ? 'EMAIL' : 'SMS',
    recipient: contact,
    subject: translate(opts.lang, 'mail.codeSubject', { title: opts.appTitle }),
    body: translate(opts.lang, 'mail.codeBody', { code }),
  });
}

export const RESEND_GAP = RESEND_GAP_MS;

/** Checks and consumes a code: single use, five tries, ten minutes. Throws 400 `auth.badCode` otherwise. */
export async function consumeCode(
  db: Db,
  opts: { contactType: ContactType; contact: string; purpose: CodePurpose; code: string },
) {
  const contact = normalizeContact(opts.contactType, opts.contact);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.contact, contact),
        eq(verificationCodes.purpose, opts.purpose),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const bad = new AppError(400, 'auth.badCode', {}, [{ field: 'code', key: 'auth.badCode' }]);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw bad;
  if (!safeEqual(row.codeHash, sha256(`${contact}:${opts.code}`))) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    throw bad;
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw bad;
  return contact;
}
