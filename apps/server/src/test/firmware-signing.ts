import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { manufacturerKeys } from '../db/schema/index.ts';
import { fingerprintOf, generateSigningKey, signImage } from '../modules/firmware/firmware.signature.ts';

/** A manufacturer's signing key as a test holds it: the private half signs, the public one is registered. */
export interface TestSigner {
  keyId: number;
  manufacturerId: number;
  publicKey: string;
  fingerprint: string;
  privatePem: string;
  /** The detached signature over `image`, base64. */
  sign(image: Buffer): string;
}

const signers = new WeakMap<Db, Map<number, TestSigner>>();

/** A new key pair registered (straight in the database) as an active key of the manufacturer. */
export async function registerSigner(db: Db, manufacturerId: number): Promise<TestSigner> {
  const { privatePem, publicKey } = generateSigningKey();
  const fingerprint = fingerprintOf(publicKey);
  const [row] = await db
    .insert(manufacturerKeys)
    .values({ manufacturerId, publicKey, fingerprint, label: 'test key' })
    .returning({ id: manufacturerKeys.id });
  return {
    keyId: row!.id,
    manufacturerId,
    publicKey,
    fingerprint,
    privatePem,
    sign: (image) => signImage(image, privatePem),
  };
}

/** The manufacturer's test signer, registered on first use and kept for the database. */
export async function signerOf(db: Db, manufacturerId: number): Promise<TestSigner> {
  const known = signers.get(db) ?? new Map<number, TestSigner>();
  signers.set(db, known);
  const cached = known.get(manufacturerId);
  if (cached) {
    const [active] = await db
      .select({ id: manufacturerKeys.id })
      .from(manufacturerKeys)
      .where(and(eq(manufacturerKeys.id, cached.keyId), isNull(manufacturerKeys.retiredAt)));
    if (active) return cached;
  }
  const signer = await registerSigner(db, manufacturerId);
  known.set(manufacturerId, signer);
  return signer;
}

/**
 * A firmware upload as the web sends it: the image under `file`, its signature as a `.sig` file part
 * (or a `signature` field with the base64), and the manufacturer. Leave a part out with `undefined`.
 */
export function firmwareForm(opts: {
  image: Buffer | null;
  name?: string;
  signature?: Buffer | string;
  signatureAs?: 'file' | 'field';
  manufacturerId?: number | string;
}): { payload: Buffer; contentType: string } {
  const boundary = `----pvstar${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  const file = (name: string, filename: string, data: Buffer) =>
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  if (opts.manufacturerId !== undefined) field('manufacturerId', String(opts.manufacturerId));
  if (opts.image) file('file', opts.name ?? 'fw.bin', opts.image);
  if (opts.signature !== undefined) {
    if (opts.signatureAs === 'field') field('signature', String(opts.signature));
    else file('signature', `${opts.name ?? 'fw.bin'}.sig`, Buffer.from(opts.signature));
  }
  if (!parts.length) field('note', 'no file here');
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
