import fsp from 'node:fs/promises';
import { FIRMWARE_SIGNATURE_MAX_BYTES } from '@pvstar/contract/firmware';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerKeys, manufacturers } from '../../db/schema/index.ts';
import { invalidField } from '../../http/errors.ts';
import { parseSignature, verifyImage } from './firmware.signature.ts';

/** A `.sig` file part: read to its end, but at most FIRMWARE_SIGNATURE_MAX_BYTES kept (more is no signature). */
export async function readSignaturePart(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= FIRMWARE_SIGNATURE_MAX_BYTES) chunks.push(chunk);
  }
  if (size > FIRMWARE_SIGNATURE_MAX_BYTES) throw invalidField('signature', 'firmware.signatureFormat');
  return Buffer.concat(chunks);
}

/**
 * The active key of the manufacturer that signed the stored image, or a 400 naming the field at fault:
 * `manufacturerId` (missing or unknown) or `signature` (missing, malformed, or verified by none of the
 * manufacturer's active keys — another manufacturer's key counts as none).
 */
export async function verifyUploadSignature(
  db: Db,
  imagePath: string,
  manufacturerIdText: string | null,
  signatureData: Buffer | string | null,
): Promise<{ keyId: number; fingerprint: string; signature: string }> {
  const manufacturerId = Number(manufacturerIdText);
  if (!manufacturerIdText || !Number.isSafeInteger(manufacturerId) || manufacturerId <= 0)
    throw invalidField('manufacturerId', 'validation.required');
  const [maker] = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  if (!maker) throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
  if (signatureData === null || signatureData.length === 0)
    throw invalidField('signature', 'firmware.signatureMissing');
  const signature = parseSignature(signatureData);
  if (!signature) throw invalidField('signature', 'firmware.signatureFormat');
  const keys = await db
    .select({
      id: manufacturerKeys.id,
      publicKey: manufacturerKeys.publicKey,
      fingerprint: manufacturerKeys.fingerprint,
    })
    .from(manufacturerKeys)
    .where(and(eq(manufacturerKeys.manufacturerId, manufacturerId), isNull(manufacturerKeys.retiredAt)))
    .orderBy(asc(manufacturerKeys.id));
  // Ed25519 signs the whole message: the image (at most 32 MB) is read once, after it was stored.
  const image = keys.length ? await fsp.readFile(imagePath) : Buffer.alloc(0);
  const key = keys.find((k) => verifyImage(image, signature, k.publicKey));
  if (!key) throw invalidField('signature', 'firmware.signatureInvalid');
  return { keyId: key.id, fingerprint: key.fingerprint, signature: signature.toString('base64') };
}
