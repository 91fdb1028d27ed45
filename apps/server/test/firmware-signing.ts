import { createHash, randomBytes } from 'node:crypto';
import {
  FIRMWARE_MANIFEST_FORMAT,
  type FirmwareManifest,
  type FirmwareType,
} from '@pvstar/contract/firmware';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { manufacturerKeys, manufacturers } from '../src/db/schema/index.ts';
import {
  fingerprintOf,
  generateSigningKey,
  signManifest,
} from '../src/modules/firmware/firmware.signature.ts';

/** What a test says about an image; the rest of its manifest comes from the image and the signer. */
export interface ManifestFields {
  manufacturer?: string;
  firmwareType?: FirmwareType;
  version?: string;
  models?: string[];
  sha256?: string;
  size?: number;
}

let versions = 0;
/** A version no earlier manifest of this test process used (versions are unique per program list). */
export const freshVersion = () => `V1.${process.pid % 1000}.${++versions}`;

/** A manufacturer's signing key as a test holds it: the private half signs, the public one is registered. */
export interface TestSigner {
  keyId: number;
  manufacturerId: number;
  /** The manufacturer's name, as manifests name it. */
  manufacturer: string;
  publicKey: string;
  fingerprint: string;
  privatePem: string;
  /** A manifest of `image` (inverter ARM, a fresh version, model ASW8K-LT unless `fields` say otherwise). */
  manifest(image: Buffer, fields?: ManifestFields): FirmwareManifest;
  /** The signed-manifest file of `image` as `npm run firmware:sign` writes it. */
  signed(image: Buffer, fields?: ManifestFields): string;
}

/** Builds a manifest of an image from the signer's manufacturer and `fields`. */
export const manifestOf = (
  manufacturer: string,
  image: Buffer,
  fields: ManifestFields = {},
): FirmwareManifest => ({
  format: FIRMWARE_MANIFEST_FORMAT,
  manufacturer,
  firmwareType: 'INVERTER_ARM',
  version: freshVersion(),
  models: ['ASW8K-LT'],
  sha256: createHash('sha256').update(image).digest('hex'),
  size: image.length,
  ...fields,
});

/** The signed-manifest file for `manifest`, signed with `privatePem`. */
export const signedFile = (manifest: FirmwareManifest, privatePem: string) =>
  JSON.stringify({ manifest, signature: signManifest(manifest, privatePem) });

const signers = new WeakMap<Db, Map<number, TestSigner>>();

/** A new key pair registered (straight in the database) as an active key of the manufacturer. */
export async function registerSigner(db: Db, manufacturerId: number): Promise<TestSigner> {
  const { privatePem, publicKey } = generateSigningKey();
  const fingerprint = fingerprintOf(publicKey);
  const [maker] = await db
    .select({ name: manufacturers.name })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  const [row] = await db
    .insert(manufacturerKeys)
    .values({ manufacturerId, publicKey, fingerprint, label: 'test key' })
    .returning({ id: manufacturerKeys.id });
  const manufacturer = maker!.name;
  const manifest = (image: Buffer, fields?: ManifestFields) => manifestOf(manufacturer, image, fields);
  return {
    keyId: row!.id,
    manufacturerId,
    manufacturer,
    publicKey,
    fingerprint,
    privatePem,
    manifest,
    signed: (image, fields) => signedFile(manifest(image, fields), privatePem),
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
 * A firmware upload as the web sends it: the image under `file`, its signed manifest as a
 * `.manifest.json` file part (or a `manifest` field), and the manufacturer. Leave a part out with
 * `undefined`.
 */
export function firmwareForm(opts: {
  image: Buffer | null;
  name?: string;
  manifest?: Buffer | string;
  manifestAs?: 'file' | 'field';
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
  if (opts.manifest !== undefined) {
    if (opts.manifestAs === 'field') field('manifest', String(opts.manifest));
    else file('manifest', `${opts.name ?? 'fw.bin'}.manifest.json`, Buffer.from(opts.manifest));
  }
  if (!parts.length) field('note', 'no file here');
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
