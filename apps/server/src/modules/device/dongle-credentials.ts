import { randomBytes } from 'node:crypto';
import { SERIAL } from '@pvstar/contract/mqtt';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dongles } from '../../db/schema/index.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * A dongle's MQTT secret: 256 random bits, shown once when the dongle is registered, kept only as its
 * SHA-256 (a slow password hash buys nothing for a secret nobody chose, and would make a reconnect
 * storm of thousands of dongles expensive). Never derivable from the serial number.
 */
export const issueDongleSecret = () => {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretHash: sha256(secret) };
};

/** Whether a dongle of this serial number exists and the secret is its own. */
export async function verifyDongleSecret(db: Db, sn: string, secret: string): Promise<boolean> {
  if (!SERIAL.test(sn) || secret.length < 16 || secret.length > 200) return false;
  const [row] = await db.select({ secretHash: dongles.secretHash }).from(dongles).where(eq(dongles.sn, sn));
  return !!row && safeEqual(row.secretHash, sha256(secret));
}

/**
 * Tells the broker of a change of dongle credentials, inside the registry's transaction: a broker that
 * cannot take them refuses the change (the transaction rolls back) rather than leave the two apart.
 */
export async function tellBroker(ctx: Pick<AppContext, 'log'>, work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    ctx.log.error({ err }, 'the broker did not take the dongle credentials; the change is rolled back');
    throw new AppError(503, 'station.brokerUnavailable');
  }
}
