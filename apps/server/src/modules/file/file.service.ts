import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_MAX_PIXELS, PICTURE_URL } from '@pvstar/contract/station';
import { and, eq, or, sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { organizations, pictures, plants } from '../../db/schema/index.ts';
import { plantScope } from '../../domain/plants.ts';
import { inSubtree } from '../../domain/scope.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField } from '../../http/errors.ts';

export type PictureType = { ext: 'png' | 'jpg' | 'webp'; mime: string };

/**
 * What a picture really is, by its first bytes — never by its name or the browser's content type, so
 * an SVG or HTML page named .png is refused (it could run script when opened from our origin).
 */
export function sniffPicture(head: Buffer): PictureType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', mime: 'image/png' };
  if (starts([0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}

/**
 * Refuses a picture whose header claims more than PICTURE_MAX_PIXELS (422 naming `file`, with the limit in
 * megapixels): the bytes are small, the decoded image is not (a pixel bomb). A header whose dimensions
 * cannot be read, or that reads as another format than the signature, is no picture of ours (415).
 */
export function requireDecodableSize(data: Buffer, type: PictureType) {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    throw new AppError(415, 'file.format');
  }
  if (size.type !== type.ext || !size.width || !size.height) throw new AppError(415, 'file.format');
  if (size.width * size.height > PICTURE_MAX_PIXELS)
    throw invalidField('file', 'file.tooManyPixels', 422, { max: PICTURE_MAX_PIXELS / 1_000_000 });
}

export const MIME_BY_EXT: Record<PictureType['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export const picturesDir = (ctx: Pick<AppContext, 'config'>) =>
  path.resolve(ctx.config.DATA_DIR, 'files', 'pictures');

/** `<name>` of /file/pictures/<name>: 128 random bits in hex and the sniffed extension, nothing else. */
export const PICTURE_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** Stores a picture under a random name, records the uploader's organisation, and answers the URL the plant keeps. */
export async function storePicture(
  ctx: Pick<AppContext, 'config' | 'db'>,
  caller: Caller,
  data: Buffer,
  type: PictureType,
) {
  const dir = picturesDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await fs.writeFile(path.join(dir, name), data, { flag: 'wx' });
  await ctx.db.insert(pictures).values({ name, orgId: caller.orgId });
  return { url: `/file/pictures/${name}` };
}

/**
 * A plant saved by `caller` may name a picture uploaded by the caller's organisation or one below it, or
 * keep the one it shows (`kept`); another tenant's picture answers 400 naming the field, as an unknown one.
 */
export async function requirePictureOfReach(
  db: Db,
  caller: Caller,
  url: string | null | undefined,
  kept?: string | null,
  field = 'stationPicture',
) {
  if (!url || url === kept) return;
  if (!(await uploadedWithinReach(db, caller, url.split('/').pop()!)))
    throw invalidField(field, 'file.unknownPicture');
}

/** Whether a picture was uploaded by the caller's organisation or one below it. */
async function uploadedWithinReach(db: Db, caller: Caller, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: pictures.name })
    .from(pictures)
    .innerJoin(organizations, eq(organizations.id, pictures.orgId))
    .where(and(eq(pictures.name, name), inSubtree(organizations.path, caller.orgPath)));
  return Boolean(row);
}

/** The bytes of a stored picture, or null (unknown name, or one that does not match the pattern). */
export async function readPicture(ctx: Pick<AppContext, 'config'>, name: string) {
  if (!PICTURE_NAME.test(name)) return null;
  try {
    const data = await fs.readFile(path.join(picturesDir(ctx), name));
    return { data, mime: MIME_BY_EXT[name.split('.').pop() as PictureType['ext']] };
  } catch {
    return null;
  }
}

/**
 * Whether a caller may see a stored picture: a plant's picture or commissioning photo where that plant is
 * in the caller's scope (like the plant itself); one no plant shows yet (just uploaded for a form) only to
 * the organisation that uploaded it and those above it, who may put it on a plant (requirePictureOfReach).
 */
export async function pictureVisible(ctx: Pick<AppContext, 'db'>, caller: Caller, name: string) {
  const url = `/file/pictures/${name}`;
  const shownBy = await ctx.db
    .select({ visible: sql<boolean>`${plantScope(caller)}` })
    .from(plants)
    .innerJoin(organizations, eq(organizations.id, plants.orgId))
    .where(
      or(
        eq(plants.picture, url),
        // A commissioning photo is its plant's, seen like the plant.
        sql`${plants.id} IN (SELECT t.plant_id FROM commissioning_ticks t WHERE t.photo = ${url})`,
      ),
    );
  if (shownBy.length > 0) return shownBy.some((p) => p.visible);
  return uploadedWithinReach(ctx.db, caller, name);
}

/** Removes a plant's former picture once no plant shows it any more. */
export async function removePictureIfUnused(ctx: Pick<AppContext, 'config' | 'db'>, url: string | null) {
  if (!url || !PICTURE_URL.test(url)) return;
  const [{ n }] = (await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(plants)
    .where(
      or(eq(plants.picture, url), sql`EXISTS (SELECT 1 FROM commissioning_ticks t WHERE t.photo = ${url})`),
    )) as [{ n: number }];
  if (n > 0) return;
  const name = url.split('/').pop()!;
  await ctx.db.delete(pictures).where(eq(pictures.name, name));
  await fs.rm(path.join(picturesDir(ctx), name), { force: true });
}
