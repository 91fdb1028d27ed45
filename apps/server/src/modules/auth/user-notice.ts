import { type Lang, resolveLang } from '@pvstar/contract/lang';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queueMessage } from '../../lib/mailer.ts';

/** A moment as a notice states it: the date and time in the reader's language, in UTC (named as such). */
export const noticeTime = (lang: Lang, at: Date) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(at);

/**
 * Tells a user what happened to their account, in their own language, by e-mail (by SMS when the account
 * has only a phone; no contact, no notice). `text` writes the subject and body in that language. Pass the
 * caller's `tx` to queue the notice with the change it reports.
 */
export async function noticeToUser(
  db: DbOrTx,
  userId: number,
  text: (lang: Lang, user: { username: string }) => { subject: string; body: string },
) {
  const [user] = await db
    .select({ username: users.username, email: users.email, phone: users.phone, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId));
  const recipient = user?.email ?? user?.phone;
  if (!user || !recipient) return;
  const { subject, body } = text(resolveLang(user.lang), user);
  await queueMessage(db, {
    channel: user.email ? 'EMAIL' : 'SMS',
    recipient,
    subject: subject.slice(0, 255),
    body,
  });
}
