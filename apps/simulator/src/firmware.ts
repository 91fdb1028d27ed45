import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import {
  FIRMWARE_TARGET,
  type FirmwareManifest,
  FirmwareManifestSchema,
  isDowngrade,
  manifestBytes,
} from '@pvstar/contract/firmware';
import type { DeviceKind } from '@pvstar/contract/metrics';

/** A firmware.upgrade command's body: what the image is travels only inside the signed manifest. */
export interface FirmwareBody {
  url: string;
  manifest: FirmwareManifest;
  /** Ed25519 over the manifest's canonical bytes, base64. */
  signature: string;
  /** The signing key's fingerprint (`SHA256:…`), to pick it among the keys the dongle trusts. */
  keyId: string;
  /** The cloud says a provider authorised going back to an older version (the device still checks the rest). */
  rollback: boolean;
}

/** A key a dongle trusts: provisioned at the factory (here: with the fleet), never taken from the cloud. */
export interface TrustedKey {
  fingerprint: string;
  key: KeyObject;
}

/** What a device knows about itself that a manifest must fit. */
export interface DeviceIdentity {
  kind: 'DONGLE' | DeviceKind;
  manufacturer?: string;
  model?: string;
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

/** The body of a firmware.upgrade command, or the reason it is unusable. */
export function parseFirmwareBody(body: Record<string, unknown>): FirmwareBody | string {
  const { url, manifest, signature, keyId, rollback } = body;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return 'invalid url';
  const parsed = FirmwareManifestSchema.safeParse(manifest);
  if (!parsed.success) return 'invalid manifest';
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]{86}==$/.test(signature)) return 'unsigned manifest';
  if (typeof keyId !== 'string' || keyId.length === 0 || keyId.length > 64) return 'invalid keyId';
  // Only an explicit `true` authorises going back.
  return { url, manifest: parsed.data, signature, keyId, rollback: rollback === true };
}

/**
 * Whether the image may go on this device, checked before a byte is fetched: the manifest signed by a
 * key the dongle trusts, for its manufacturer, its kind and its model, and not older than what it runs
 * unless the command says a rollback was authorised. The reason it may not, or null.
 */
export function checkManifest(
  fw: FirmwareBody,
  keys: readonly TrustedKey[],
  device: DeviceIdentity,
  running: string | undefined,
): string | null {
  const trusted = keys.find((k) => k.fingerprint === fw.keyId);
  if (!trusted) return 'signature check failed: unknown signing key';
  let valid = false;
  try {
    valid = verify(null, manifestBytes(fw.manifest), trusted.key, Buffer.from(fw.signature, 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) return 'signature check failed: signature mismatch';
  const { manifest } = fw;
  if (FIRMWARE_TARGET[manifest.firmwareType].kind !== device.kind) return 'manifest mismatch: firmware type';
  if (manifest.manufacturer.toLowerCase() !== device.manufacturer?.toLowerCase())
    return 'manifest mismatch: manufacturer';
  const model = device.model?.toLowerCase();
  if (!manifest.models.some((m) => m.toLowerCase() === model)) return 'manifest mismatch: model';
  if (!fw.rollback && isDowngrade(manifest.version, running)) return `downgrade refused: running ${running}`;
  return null;
}

/**
 * Downloads an image as a dongle does: streamed, hashed on the fly, never more than the manifest's size
 * (a server sending more is cut off), reporting whole percents as bytes arrive; then compares the hash
 * with the manifest's. Whatever fails, nothing is flashed.
 */
export async function downloadFirmware(
  fw: FirmwareBody,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ ok: true } | { ok: false; error: string }> {
  // The manifest's size is at most the portal's limit (FIRMWARE_MAX_BYTES): the download never holds more.
  const { size, sha256 } = fw.manifest;
  let res: Response;
  try {
    res = await fetch(fw.url, signal ? { signal } : {});
  } catch (err) {
    return { ok: false, error: `download failed: ${(err as Error).message}` };
  }
  if (!res.ok || !res.body) return { ok: false, error: `download failed: HTTP ${res.status}` };
  const hash = createHash('sha256');
  let bytes = 0;
  let reported = -1;
  try {
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      if (bytes > size) {
        await res.body.cancel().catch(() => {});
        return { ok: false, error: 'size mismatch' };
      }
      hash.update(chunk);
      const percent = Math.floor((bytes * 100) / size);
      if (percent !== reported) {
        reported = percent;
        onProgress(percent);
      }
    }
  } catch (err) {
    return { ok: false, error: `download failed: ${(err as Error).message}` };
  }
  if (bytes !== size) return { ok: false, error: 'size mismatch' };
  if (hash.digest('hex') !== sha256) return { ok: false, error: 'hash mismatch' };
  return { ok: true };
}
