import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FirmwareFile, FirmwareManifest } from '@pvstar/contract/firmware';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { firmwareFiles } from '../../db/schema/index.ts';

/** 128 random bits in hex: the row's id and the stored file's name. */
export const FIRMWARE_FILE_ID = /^[a-f0-9]{32}$/;
/** An upload no program names within this time is removed by housekeeping. */
export const UNUSED_UPLOAD_MS = 24 * 3_600_000;

export const firmwareDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.resolve(config.DATA_DIR, 'files', 'firmware');

/** The absolute path of a stored image (the id comes from a firmware_files row, never from a URL as is). */
export function firmwarePath(config: Pick<Config, 'DATA_DIR'>, fileId: string): string {
  if (!FIRMWARE_FILE_ID.test(fileId)) throw new Error(`not a firmware file id: ${fileId}`);
  return path.join(firmwareDir(config), `${fileId}.bin`);
}

/**
 * The name a browser sent, kept for display only: no directories, no control characters, at most 200
 * characters with the extension kept.
 */
export function sanitizeFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const chars = Array.from(base);
  if (chars.length <= 200) return base;
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(base.slice(dot)).slice(0, 16) : [];
  return [...chars.slice(0, 200 - ext.length), ...ext].join('');
}

export class UploadTooLarge extends Error {}
export class UploadEmpty extends Error {}

/** An image written to disk and measured, not yet recorded: `discard` removes it. */
export interface ReceivedImage {
  id: string;
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  discard(): Promise<void>;
}

/**
 * Streams an upload to DATA_DIR/files/firmware/<id>.bin while hashing it. The bytes are never held in
 * memory as a whole; whatever goes wrong, the partial file is removed. `truncated` says whether the
 * multipart limit cut the stream (the file was too large). `recordUpload` keeps it once its manifest
 * verified; a file never recorded is removed by housekeeping should the request die in between.
 */
export async function receiveUpload(
  config: Pick<Config, 'DATA_DIR'>,
  upload: { stream: NodeJS.ReadableStream & { truncated?: boolean }; fileName: string },
): Promise<ReceivedImage> {
  const id = randomBytes(16).toString('hex');
  const file = firmwarePath(config, id);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const discard = () => fsp.rm(file, { force: true });
  try {
    await pipeline(upload.stream, measure, fs.createWriteStream(file, { flags: 'wx' }));
    if (upload.stream.truncated) throw new UploadTooLarge();
    if (size === 0) throw new UploadEmpty();
    return { id, path: file, fileName: upload.fileName, size, sha256: hash.digest('hex'), discard };
  } catch (err) {
    await discard();
    throw err;
  }
}

/** Records a received image with its verified manifest, the manifest's signature and its key. */
export async function recordUpload(
  db: Db,
  image: ReceivedImage,
  signed: {
    manifest: FirmwareManifest;
    signature: string;
    keyId: number;
    fingerprint: string;
    userId: number;
  },
): Promise<FirmwareFile> {
  await db.insert(firmwareFiles).values({
    id: image.id,
    fileName: image.fileName,
    size: image.size,
    sha256: image.sha256,
    signature: signed.signature,
    keyId: signed.keyId,
    manifest: signed.manifest,
    uploadedBy: signed.userId,
  });
  return {
    fileId: image.id,
    fileName: image.fileName,
    size: image.size,
    sha256: image.sha256,
    keyFingerprint: signed.fingerprint,
    manifest: signed.manifest,
  };
}

/** Removes stored images; a file already gone is not an error. */
export async function removeStoredFiles(config: Pick<Config, 'DATA_DIR'>, ids: string[]) {
  await Promise.all(ids.map((id) => fsp.rm(firmwarePath(config, id), { force: true })));
}

/**
 * Housekeeping: uploads that no program names, older than `olderThanMs`, with their files; and files
 * left without a row (an upload cut off by a crash).
 */
export async function removeUnusedUploads(
  db: Db,
  dataDir: string,
  olderThanMs = UNUSED_UPLOAD_MS,
  now = new Date(),
): Promise<{ uploads: number; orphans: number }> {
  const config = { DATA_DIR: dataDir };
  const cutoff = new Date(now.getTime() - olderThanMs);
  const removed = await db
    .delete(firmwareFiles)
    .where(
      and(
        lt(firmwareFiles.createdAt, cutoff),
        sql`NOT EXISTS (SELECT 1 FROM firmware_programs p WHERE p.file_id = ${firmwareFiles.id})`,
      ),
    )
    .returning({ id: firmwareFiles.id });
  await removeStoredFiles(
    config,
    removed.map((r) => r.id),
  );

  let names: string[];
  try {
    names = await fsp.readdir(firmwareDir(config));
  } catch {
    return { uploads: removed.length, orphans: 0 };
  }
  const old: string[] = [];
  for (const name of names) {
    const id = name.endsWith('.bin') ? name.slice(0, -4) : '';
    if (!FIRMWARE_FILE_ID.test(id)) continue;
    const stat = await fsp.stat(path.join(firmwareDir(config), name)).catch(() => null);
    if (stat && stat.mtime < cutoff) old.push(id);
  }
  const orphans: string[] = [];
  for (let i = 0; i < old.length; i += 500) {
    const chunk = old.slice(i, i + 500);
    const known = new Set(
      (
        await db.select({ id: firmwareFiles.id }).from(firmwareFiles).where(inArray(firmwareFiles.id, chunk))
      ).map((r) => r.id),
    );
    orphans.push(...chunk.filter((id) => !known.has(id)));
  }
  await removeStoredFiles(config, orphans);
  return { uploads: removed.length, orphans: orphans.length };
}
