import { createHash } from 'node:crypto';

export interface FirmwareBody {
  url: string;
  size: number;
  sha256: string;
  version: string;
  firmwareType: string;
}

/** Largest image a dongle accepts: real collectors have a few MB of flash; this is generous. */
export const MAX_FIRMWARE_BYTES = 64 * 1024 * 1024;

/** The body of a firmware.upgrade command, or the reason it is unusable. */
export function parseFirmwareBody(body: Record<string, unknown>): FirmwareBody | string {
  const { url, size, sha256, version, firmwareType } = body;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return 'invalid url';
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_FIRMWARE_BYTES)
    return 'invalid size';
  if (typeof sha256 !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256)) return 'invalid sha256';
  if (typeof version !== 'string' || version.length === 0 || version.length > 64) return 'invalid version';
  if (typeof firmwareType !== 'string' || firmwareType.length === 0 || firmwareType.length > 32)
    return 'invalid firmwareType';
  return { url, size, sha256: sha256.toLowerCase(), version, firmwareType };
}

/**
 * Downloads an image as a dongle does: streamed, hashed on the fly, never more than the announced size
 * (a server sending more is cut off), reporting whole percents as bytes arrive.
 */
export async function downloadFirmware(
  fw: FirmwareBody,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ ok: true } | { ok: false; error: string }> {
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
      if (bytes > fw.size) {
        await res.body.cancel().catch(() => {});
        return { ok: false, error: 'size mismatch' };
      }
      hash.update(chunk);
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
  return { ok: true };
}
