import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';

export interface FirmwareBody {
  url: string;
  size: number;
  sha256: string;
  /** Ed25519 over the image, base64. */
  signature: string;
  /** The signing key's fingerprint (`SHA256:…`), to pick it among the keys the dongle trusts. */
  keyId: string;
  version: string;
  firmwareType: string;
}

/** A key a dongle trusts: provisioned at the factory (here: with the fleet), never taken from the cloud. */
export interface TrustedKey {
  fingerprint: string;
  key: KeyObject;
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** Manufacturer public keys as the fleet is given them: PEM (SPKI) or the raw 32 bytes in base64. */
export function trustedKeys(keys: readonly string[]): TrustedKey[] {
  return keys.map((text) => {
    const trimmed = text.trim();
    const key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({
          key: Buffer.concat([SPKI_ED25519, Buffer.from(trimmed, 'base64')]),
          format: 'der',
          type: 'spki',
        });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('firmware keys must be Ed25519');
    const raw = key.export({ type: 'spki', format: 'der' }).subarray(SPKI_ED25519.length);
    const digest = createHash('sha256').update(raw).digest('base64').replace(/=+$/, '');
    return { fingerprint: `SHA256:${digest}`, key };
  });
}

/** Largest image a dongle accepts: real collectors have a few MB of flash; this is generous. */
export const MAX_FIRMWARE_BYTES = 64 * 1024 * 1024;

/** The body of a firmware.upgrade command, or the reason it is unusable. */
export function parseFirmwareBody(body: Record<string, unknown>): FirmwareBody | string {
  const { url, size, sha256, signature, keyId, version, firmwareType } = body;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return 'invalid url';
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_FIRMWARE_BYTES)
    return 'invalid size';
  if (typeof sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256)) return 'invalid sha256';
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]{86}==$/.test(signature)) return 'unsigned image';
  if (typeof keyId !== 'string' || keyId.length === 0 || keyId.length > 64) return 'invalid keyId';
  if (typeof version !== 'string' || version.length === 0 || version.length > 64) return 'invalid version';
  if (typeof firmwareType !== 'string' || firmwareType.length === 0 || firmwareType.length > 32)
    return 'invalid firmwareType';
  return { url, size, sha256: sha256.toLowerCase(), signature, keyId, version, firmwareType };
}

/**
 * Downloads an image as a dongle does: streamed, hashed on the fly, never more than the announced size
 * (a server sending more is cut off), reporting whole percents as bytes arrive; then checks the
 * manufacturer's signature over it with a key the dongle trusts. Whatever fails, nothing is flashed.
 */
export async function downloadFirmware(
  fw: FirmwareBody,
  keys: readonly TrustedKey[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ ok: true } | { ok: false; error: string }> {
  // Checked before a byte is fetched: a key the dongle does not know can verify nothing.
  const trusted = keys.find((k) => k.fingerprint === fw.keyId);
  if (!trusted) return { ok: false, error: 'signature check failed: unknown signing key' };
  let res: Response;
  try {
    res = await fetch(fw.url, signal ? { signal } : {});
  } catch (err) {
    return { ok: false, error: `download failed: ${(err as Error).message}` };
  }
  if (!res.ok || !res.body) return { ok: false, error: `download failed: HTTP ${res.status}` };
  const hash = createHash('sha256');
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let reported = -1;
  try {
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      if (bytes > fw.size) {
        await res.body.cancel().catch(() => {});
        return { ok: false, error: 'size mismatch' };
      }
      hash.update(chunk);
      chunks.push(chunk);
      const percent = Math.floor((bytes * 100) / fw.size);
      if (percent !== reported) {
        reported = percent;
        onProgress(percent);
      }
    }
  } catch (err) {
    return { ok: false, error: `download failed: ${(err as Error).message}` };
  }
  if (bytes !== fw.size) return { ok: false, error: 'size mismatch' };
  if (hash.digest('hex') !== fw.sha256) return { ok: false, error: 'hash mismatch' };
  let valid = false;
  try {
    valid = verify(null, Buffer.concat(chunks), trusted.key, Buffer.from(fw.signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, error: 'signature check failed: signature mismatch' };
  return { ok: true };
}
