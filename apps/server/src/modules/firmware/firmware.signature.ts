import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { type FirmwareManifest, manifestBytes } from '@pvstar/contract/firmware';

/**
 * Firmware signatures: Ed25519 (RFC 8032) over the canonical bytes of the image's manifest (which names
 * the image by its SHA-256). Manufacturers hand us their public keys as PEM (SPKI) or as the raw 32 bytes
 * in base64; we keep the raw form.
 */

/** The DER header of an Ed25519 SubjectPublicKeyInfo: what comes before the 32 raw bytes. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The raw 32-byte key in base64, from PEM (SPKI) or base64; null when it is neither. */
export function normalisePublicKey(text: string): string | null {
  const trimmed = text.trim();
  let raw: Buffer | null = null;
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      const key = createPublicKey(trimmed);
      if (key.asymmetricKeyType !== 'ed25519') return null;
      raw = key.export({ type: 'spki', format: 'der' }).subarray(SPKI_ED25519.length);
    } catch {
      return null;
    }
  } else if (BASE64.test(trimmed)) {
    raw = Buffer.from(trimmed, 'base64');
  }
  if (raw?.length !== 32) return null;
  const normal = raw.toString('base64');
  // Not every 32 bytes are a key OpenSSL takes.
  return publicKeyObject(normal) ? normal : null;
}

export function publicKeyObject(raw: string): KeyObject | null {
  try {
    return createPublicKey({
      key: Buffer.concat([SPKI_ED25519, Buffer.from(raw, 'base64')]),
      format: 'der',
      type: 'spki',
    });
  } catch {
    return null;
  }
}

/** `SHA256:` and the SHA-256 of the raw key in unpadded base64, as ssh prints a key's fingerprint. */
export const fingerprintOf = (raw: string) =>
  `SHA256:${createHash('sha256').update(Buffer.from(raw, 'base64')).digest('base64').replace(/=+$/, '')}`;

/** A signature as the manifest file holds it: base64 of the 64 bytes (a trailing newline is fine). */
export function parseSignature(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!BASE64.test(trimmed)) return null;
  const sig = Buffer.from(trimmed, 'base64');
  return sig.length === 64 ? sig : null;
}

/** Whether `signature` is `rawKey`'s signature over the manifest's canonical bytes. */
export function verifyManifest(manifest: FirmwareManifest, signature: Buffer, rawKey: string): boolean {
  const key = publicKeyObject(rawKey);
  if (!key) return false;
  try {
    return verify(null, manifestBytes(manifest), key, signature);
  } catch {
    return false;
  }
}

/** A new key pair: the private key as PEM (PKCS#8), the public key raw in base64. */
export function generateSigningKey(): { privatePem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: der.subarray(SPKI_ED25519.length).toString('base64'),
  };
}

/** The signature over the manifest's canonical bytes, base64 (`npm run firmware:sign`, the demo, tests). */
export const signManifest = (manifest: FirmwareManifest, privatePem: string) =>
  sign(null, manifestBytes(manifest), privatePem).toString('base64');

/** The raw public key of a private key in PEM. */
export function publicKeyOf(privatePem: string): string {
  const der = createPublicKey(privatePem).export({ type: 'spki', format: 'der' });
  return der.subarray(SPKI_ED25519.length).toString('base64');
}
