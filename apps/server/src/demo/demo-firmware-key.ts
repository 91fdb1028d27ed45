import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { manufacturerKeys, manufacturers } from '../db/schema/index.ts';
import { DEMO_MANUFACTURER } from '../db/seed/basic-devices.ts';
import { fingerprintOf, generateSigningKey, publicKeyOf } from '../modules/firmware/firmware.signature.ts';

/** Where the demo manufacturer's private key lives: with the data, never in the database. */
export const demoFirmwareKeyFile = (dataDir: string) => path.join(dataDir, 'keys', 'demo-firmware.pem');

/**
 * Demo mode: the demo manufacturer's firmware signing key pair, made on first start (private key in
 * DATA_DIR/keys, mode 0600), its public key registered on the demo manufacturer unless already there
 * (a retired one stays retired). The simulated dongles are given the public key, and a demo user signs
 * manifests with `npm run firmware:sign -- --key <DATA_DIR>/keys/demo-firmware.pem --manufacturer PVSTAR …`
 * (docs/remote-control.md "Demo").
 */
export async function ensureDemoFirmwareKey(
  db: Db,
  dataDir: string,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<{ publicKey: string; file: string }> {
  const file = demoFirmwareKeyFile(dataDir);
  let publicKey: string;
  if (fs.existsSync(file)) {
    publicKey = publicKeyOf(fs.readFileSync(file, 'utf8'));
  } else {
    const made = generateSigningKey();
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, made.privatePem, { mode: 0o600, flag: 'wx' });
    publicKey = made.publicKey;
    log.info({ file }, 'demo: firmware signing key made');
  }
  const [maker] = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(eq(sql`lower(${manufacturers.name})`, DEMO_MANUFACTURER.toLowerCase()));
  if (!maker) {
    log.warn('demo: the demo manufacturer is gone, its firmware key is not registered');
    return { publicKey, file };
  }
  await db
    .insert(manufacturerKeys)
    .values({ manufacturerId: maker.id, publicKey, fingerprint: fingerprintOf(publicKey), label: 'Demo key' })
    .onConflictDoNothing();
  return { publicKey, file };
}
