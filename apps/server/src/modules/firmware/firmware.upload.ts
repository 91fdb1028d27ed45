import {
  FIRMWARE_MANIFEST_MAX_BYTES,
  type FirmwareManifest,
  FirmwareManifestSchema,
  SignedManifestFileSchema,
} from '@pvstar/contract/firmware';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerKeys, manufacturers } from '../../db/schema/index.ts';
import { invalidField } from '../../http/errors.ts';
import { parseSignature, verifyManifest } from './firmware.signature.ts';

const badManifest = () => invalidField('manifest', 'firmware.manifestFormat');

/** A `.manifest.json` file part: read to its end, but at most FIRMWARE_MANIFEST_MAX_BYTES kept. */
export async function readManifestPart(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= FIRMWARE_MANIFEST_MAX_BYTES) chunks.push(chunk);
  }
  if (size > FIRMWARE_MANIFEST_MAX_BYTES) throw badManifest();
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The manifest and its signature from the signed-manifest file, or a 400 naming `manifest`: not JSON,
 * not `{ manifest, signature }`, a signature that is not 64 bytes in base64, or a manifest field that is
 * missing or invalid (named in the message).
 */
export function parseSignedManifest(text: string): { manifest: FirmwareManifest; signature: Buffer } {
  if (text.length > FIRMWARE_MANIFEST_MAX_BYTES) throw badManifest();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badManifest();
  }
  const file = SignedManifestFileSchema.safeParse(json);
  if (!file.success) throw badManifest();
  const signature = parseSignature(file.data.signature);
  if (!signature) throw badManifest();
  const manifest = FirmwareManifestSchema.safeParse(file.data.manifest);
  if (!manifest.success) {
    const field = manifest.error.issues[0]?.path.join('.') || 'manifest';
    throw invalidField('manifest', 'firmware.manifestField', 400, { field });
  }
  return { manifest: manifest.data, signature };
}

/**
 * The verified manifest of an uploaded image and the manufacturer key that signed it, or a 400 naming
 * the field at fault: `manufacturerId` (missing or unknown) or `manifest` (missing, malformed, signed by
 * none of the manufacturer's active keys — another manufacturer's key counts as none —, naming another
 * manufacturer, or describing other bytes than the image's).
 */
export async function verifyUploadManifest(
  db: Db,
  image: { sha256: string; size: number },
  manufacturerIdText: string | null,
  manifestText: string | null,
): Promise<{ keyId: number; fingerprint: string; signature: string; manifest: FirmwareManifest }> {
  const manufacturerId = Number(manufacturerIdText);
  if (!manufacturerIdText || !Number.isSafeInteger(manufacturerId) || manufacturerId <= 0)
    throw invalidField('manufacturerId', 'validation.required');
  const [maker] = await db
    .select({ id: manufacturers.id, name: manufacturers.name, abbreviation: manufacturers.abbreviation })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  if (!maker) throw invalidField('manufacturerId', 'basicDevice.manufacturerMissing', 422);
  if (manifestText === null || manifestText.trim() === '')
    throw invalidField('manifest', 'firmware.manifestMissing');
  const { manifest, signature } = parseSignedManifest(manifestText);
  const keys = await db
    .select({
      id: manufacturerKeys.id,
      publicKey: manufacturerKeys.publicKey,
      fingerprint: manufacturerKeys.fingerprint,
    })
    .from(manufacturerKeys)
    .where(and(eq(manufacturerKeys.manufacturerId, manufacturerId), isNull(manufacturerKeys.retiredAt)))
    .orderBy(asc(manufacturerKeys.id));
  // The manifest is a few hundred bytes: the image itself is bound by its SHA-256, hashed while stored.
  const key = keys.find((k) => verifyManifest(manifest, signature, k.publicKey));
  if (!key) throw invalidField('manifest', 'firmware.signatureInvalid');
  // Devices name their maker by its name or short name (any case): so does the manifest.
  const names = [maker.name, maker.abbreviation].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  if (!names.includes(manifest.manufacturer.toLowerCase()))
    throw invalidField('manifest', 'firmware.manifestManufacturer', 400, {
      manufacturer: manifest.manufacturer,
    });
  if (manifest.sha256 !== image.sha256 || manifest.size !== image.size)
    throw invalidField('manifest', 'firmware.manifestImage');
  return { keyId: key.id, fingerprint: key.fingerprint, signature: signature.toString('base64'), manifest };
}
